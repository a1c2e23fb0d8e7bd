import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { TirehotelConfirmation, TirehotelCustomer } from '../../../contracts/upstream/tirehotel.js';
import { ConfirmationPage } from './ConfirmationPage.js';
import { EMPTY_FLOW, isLoggedIn, type Step, type StoredFlow } from './flowState.js';
import { moveFlow, useFlow } from './flowStore.js';
import { LoggedInPage } from './LoggedInPage.js';
import { LoginPage } from './LoginPage.js';
import { SearchPage } from './SearchPage.js';
import { tirehotelApi, type ValidatedView } from './tirehotelApi.js';
import type { TireHotelLink, TireHotelTexts } from './tirehotelTexts.js';
import { ValidatePage } from './ValidatePage.js';

export interface TireHotelProps {
  texts: TireHotelTexts;
  /** The in-block pages' headings: one level under the block's title. */
  headingLevel: 2 | 3;
  /** `?regNo=` of the page address, prefilled on Search. */
  initialRegNo: string;
  /** The page itself: before hydration, Search is a plain GET form back to it. */
  formAction: string;
  /** The search form's id: the page writes its hidden fields outside the island, tied by `form=`. */
  formId: string;
  homeHref: string;
  bookServiceLink: TireHotelLink;
  contactLink: TireHotelLink;
  contactEmail: string;
  /** BCP 47 locale for dates (`sv-SE`). */
  locale: string;
}

/**
 * Booking brings the calendar, the form library and the schema resolver: its own chunk, fetched
 * once the shopper is logged in, so the page itself loads only what Search to LoggedIn need.
 */
const loadBookingPage = () => import('./BookingPage.js');
const BookingPage = lazy(() => loadBookingPage().then((module) => ({ default: module.BookingPage })));

const HEADINGS: Record<Step, keyof TireHotelTexts> = {
  search: 'searchHeading',
  login: 'loginHeading',
  validate: 'validateHeading',
  loggedIn: 'vehicleHeading',
  booking: 'bookingHeading',
  confirmation: 'confirmationHeading',
};

/**
 * The tire hotel (part 2 §2.5, §4.3): Search, Login, Validate, LoggedIn, Booking and Confirmation
 * in one block. The server renders Search; after hydration the stored flow (sessionStorage) puts
 * the shopper back where they were. Each move to another page focuses that page's heading.
 */
export function TireHotel(props: TireHotelProps) {
  const { texts } = props;
  const { flow, step } = useFlow();
  /** A message Search shows after the flow was ended by the server (an expired login). */
  const [notice, setNotice] = useState<string | null>(null);
  /** The code request's answer, shown on Validate. */
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    // Validate focuses its first code box instead: the code is all there is to do there.
    if (moved.current && step !== 'validate') heading.current?.focus();
    if (step === 'loggedIn') void loadBookingPage();
  }, [step]);

  const go = (next: Step, nextFlow: StoredFlow) => {
    moved.current = true;
    moveFlow(next, nextFlow);
  };
  /** Logga ut, another car, or an expired login: the cookies are dropped and the flow starts again. */
  const restart = async (message: string | null) => {
    await tirehotelApi.logout();
    setNotice(message);
    setSentMessage(null);
    go('search', EMPTY_FLOW);
  };
  const expired = (message: string | null) => void restart(message ?? texts.genericError);

  const found = (customer: TirehotelCustomer) => {
    setNotice(null);
    go('login', { ...EMPTY_FLOW, customer });
  };
  const sent = (message: string) => {
    setSentMessage(message);
    go('validate', flow);
  };
  const validated = (answer: ValidatedView) =>
    go('loggedIn', { ...flow, validated: answer, confirmation: null, rated: false });
  const booked = (confirmation: TirehotelConfirmation) => go('confirmation', { ...flow, confirmation, rated: false });

  const vehicle = flow.validated?.vehicles[0];
  const Heading = `h${props.headingLevel}` as const;
  const subHeadingLevel = (props.headingLevel + 1) as 3 | 4;
  const [footerBefore, footerAfter = ''] = texts.footer.split('{email}');
  return (
    <div className="tirehotel">
      {isLoggedIn(flow) && (
        <p className="tirehotel__session">
          <button type="button" className="tirehotel__logout" onClick={() => void restart(null)}>
            {texts.logout}
          </button>
        </p>
      )}
      <Heading className="tirehotel__heading" ref={heading} tabIndex={-1}>
        {texts[HEADINGS[step]]}
      </Heading>
      {step === 'search' && (
        <SearchPage
          texts={texts}
          initialRegNo={props.initialRegNo}
          formAction={props.formAction}
          formId={props.formId}
          bookServiceLink={props.bookServiceLink}
          notice={notice}
          onFound={found}
        />
      )}
      {step === 'login' && flow.customer && (
        <LoginPage texts={texts} customer={flow.customer} contactLink={props.contactLink} onSent={sent} />
      )}
      {step === 'validate' && (
        <ValidatePage
          texts={texts}
          sentMessage={sentMessage}
          onValidated={validated}
          onNewCode={() => go('login', flow)}
        />
      )}
      {step === 'loggedIn' && vehicle && (
        <LoggedInPage
          texts={texts}
          vehicle={vehicle}
          subHeadingLevel={subHeadingLevel}
          onBook={() => go('booking', flow)}
          onOtherCar={() => void restart(null)}
        />
      )}
      {step === 'booking' && vehicle && (
        <Suspense fallback={<p role="status">{texts.loading}</p>}>
          <BookingPage
            texts={texts}
            vehicle={vehicle}
            subHeadingLevel={subHeadingLevel}
            onBack={() => go('loggedIn', flow)}
            onBooked={booked}
            onExpired={expired}
          />
        </Suspense>
      )}
      {step === 'confirmation' && flow.confirmation && (
        <ConfirmationPage
          texts={texts}
          confirmation={flow.confirmation}
          rated={flow.rated === true}
          onRated={() => go('confirmation', { ...flow, rated: true })}
          locale={props.locale}
          homeHref={props.homeHref}
          onOtherCar={() => void restart(null)}
        />
      )}
      <p className="tirehotel__footer">
        {footerBefore}
        <a href={`mailto:${props.contactEmail}`}>{props.contactEmail}</a>
        {footerAfter}
      </p>
    </div>
  );
}
