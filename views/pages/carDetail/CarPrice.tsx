import type { CarCardTexts } from '../../../client/cars/CarCard.js';
import type { CarSummary } from '../../../client/shared/cars/carSummary.js';
import { formatPrice } from '../../../client/shared/cars/formatCar.js';

/** The price as the cards show it: the campaign price with the retail price struck through, and the VAT note. */
export function CarPrice({ car, texts }: { car: CarSummary; texts: CarCardTexts }) {
  const { labels, format } = texts;
  const campaign = car.campaignPrice !== null && car.campaignPrice < car.retailPrice;
  const vatNote = car.vehicleTypeCode === 'LCV' ? labels.exVat : car.vatEligible ? labels.vatDeductible : null;
  return (
    <p className="car-detail__price">
      <span className="visually-hidden">{campaign ? labels.campaignPrice : labels.price} </span>
      <strong className={campaign ? 'car-detail__amount car-detail__amount--campaign' : 'car-detail__amount'}>
        {formatPrice(car.price, car.currency, format.locale)}
      </strong>
      {campaign && (
        <>
          {' '}
          <span className="visually-hidden">{labels.retailPrice} </span>
          <s className="car-detail__retail">{formatPrice(car.retailPrice, car.currency, format.locale)}</s>
        </>
      )}
      {vatNote && <span className="car-detail__vat">{vatNote}</span>}
    </p>
  );
}
