import { useEffect, useState } from 'react';
import type { OfferingCategory } from '../../../contracts/upstream/mechmate.js';
import { bookingApi } from './bookingApi.js';
import { servicesComplete, type BookingEvent } from './bookingMachine.js';
import type { BookingStore } from './bookingState.js';
import type { BookingTexts } from './bookingTexts.js';
import type { BookingProps } from './bookingProps.js';
import { CategoryIcon } from './CategoryIcon.js';
import { ContactText } from './ContactText.js';
import { OfferingItem } from './OfferingItem.js';

interface StepOfferingsProps {
  kind: 'service' | 'addon';
  state: BookingStore;
  dispatch: (event: BookingEvent) => void;
  texts: BookingTexts;
  locale: string;
  contact: BookingProps['customerService'];
}

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; categories: OfferingCategory[] };
type KeyedLoad = Load & { key: string };

/**
 * Step 2 (services) and step 3 (add-ons, 'Välj tillval'), part 2 §4.1: the car's offerings by
 * category. Services need one selection to go on; add-ons have 'Fortsätt' with one chosen and
 * 'Fortsätt utan tillval' with none, and no add-ons at all (or a failed fetch) go straight to step 4.
 */
export function StepOfferings({ kind, state, dispatch, texts, locale, contact }: StepOfferingsProps) {
  const regNo = state.car?.registrationNumber;
  const { lat, lng } = state;
  const key = `${kind}|${regNo}|${lat}|${lng}`;
  const [answer, setAnswer] = useState<KeyedLoad | null>(null);
  // An answer for other inputs is no answer: loading until this one's arrives.
  const load: Load = answer?.key === key ? answer : { status: 'loading' };

  useEffect(() => {
    if (!regNo || lat === null || lng === null) return;
    const abort = new AbortController();
    const fetcher = kind === 'service' ? bookingApi.services : bookingApi.addons;
    fetcher(regNo, lat, lng, abort.signal)
      .then((result) => {
        const categories = result.ok
          ? result.value.serviceOfferingCategories.filter((c) => c.offerings.length > 0)
          : [];
        if (kind === 'addon' && categories.length === 0) return dispatch({ type: 'noAddons' });
        setAnswer(result.ok ? { key, status: 'ready', categories } : { key, status: 'error' });
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [kind, regNo, lat, lng, key, dispatch]);

  if (load.status === 'loading')
    return (
      <p className="booking-muted" role="status">
        {texts['booking.loading']}
      </p>
    );
  if (load.status === 'error') {
    return (
      <div className="booking-message booking-message--error" role="alert">
        <p>{texts['booking.servicesError']}</p>
        <ContactText text={texts['booking.servicesErrorContact']} contact={contact} />
      </div>
    );
  }
  const complete = servicesComplete(state);
  return (
    <div className="booking-offerings">
      {load.categories.map((category) => (
        <fieldset key={category.name} className="offering-category">
          <legend>
            <CategoryIcon icon={category.icon} />
            {category.name}
          </legend>
          {kind === 'addon' && category.selectionType && <p className="booking-muted">{texts['booking.chooseOne']}</p>}
          <ul className="offering-list">
            {category.offerings.map((offering) => (
              <OfferingItem
                key={offering.code}
                offering={offering}
                category={category}
                kind={kind}
                state={state}
                dispatch={dispatch}
                texts={texts}
                locale={locale}
              />
            ))}
          </ul>
        </fieldset>
      ))}
      <div className="booking-actions">
        {kind === 'service' && (
          <button
            type="button"
            className="booking-button"
            disabled={!complete}
            onClick={() => dispatch({ type: 'servicesContinue' })}
          >
            {texts['booking.continue']}
          </button>
        )}
        {kind === 'addon' && state.bookingInfo.addons && (
          <button
            type="button"
            className="booking-button"
            disabled={!complete}
            onClick={() => dispatch({ type: 'addonsContinue' })}
          >
            {texts['booking.continue']}
          </button>
        )}
        {kind === 'addon' && !state.bookingInfo.addons && (
          <button
            type="button"
            className="booking-button booking-button--secondary"
            onClick={() => dispatch({ type: 'addonsSkip' })}
          >
            {texts['booking.continueWithoutAddons']}
          </button>
        )}
      </div>
    </div>
  );
}
