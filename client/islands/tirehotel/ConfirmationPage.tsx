import type { TirehotelConfirmation } from '../../../contracts/upstream/tirehotel.js';
import { reviewOf } from './rating.js';
import { StarRating } from './StarRating.js';
import { tirehotelApi } from './tirehotelApi.js';
import type { TireHotelTexts } from './tirehotelTexts.js';
import { appointmentText } from './appointment.js';
import { FactList } from './FactList.js';
import { fillText } from '../../../markets/translations/plural.js';

interface ConfirmationPageProps {
  texts: TireHotelTexts;
  confirmation: TirehotelConfirmation;
  /** The rating of this confirmation was sent (kept in the stored flow, so a reload shows the thank-you). */
  rated: boolean;
  onRated: () => void;
  locale: string;
  homeHref: string;
  onOtherCar: () => void;
}

/** Confirmation (part 2 §2.5 step 6): the booking's summary, the rating, and the ways on. */
export function ConfirmationPage({
  texts,
  confirmation,
  rated,
  onRated,
  locale,
  homeHref,
  onOtherCar,
}: ConfirmationPageProps) {
  const { customerBase: customer, workshop } = confirmation;
  const when = appointmentText(confirmation, locale);
  const facts: [string, string][] = [
    [texts.confirmationId, confirmation.bookingConfirmationId],
    [texts.confirmationService, confirmation.services[0]!.name],
    [texts.confirmationTime, confirmation.isFullDay ? fillText(texts.confirmationFullDay, { date: when }) : when],
    [texts.confirmationWorkshop, `${workshop.name}, ${workshop.address}, ${workshop.phoneNumber}, ${workshop.email}`],
    [
      texts.confirmationContact,
      `${customer.firstName} ${customer.lastName}, ${customer.phoneMobile}, ${customer.email}`,
    ],
    ...(confirmation.freeText ? ([[texts.confirmationComment, confirmation.freeText]] as [string, string][]) : []),
  ];
  // The answer is not shown (part 2 §7): the thank-you follows whatever it is.
  const sendRating = async (rating: number) => {
    await tirehotelApi.review(reviewOf(rating, new Date()));
    onRated();
  };
  return (
    <div className="tirehotel__page">
      <FactList facts={facts} className="tirehotel__summary" />
      <StarRating texts={texts} sent={rated} onSend={sendRating} />
      <div className="tirehotel__actions">
        <a className="button" href={homeHref}>
          {texts.toHome}
        </a>
        <button type="button" className="button button--secondary" onClick={onOtherCar}>
          {texts.bookOtherCar}
        </button>
      </div>
    </div>
  );
}
