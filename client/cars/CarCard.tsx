import type { ReactNode } from 'react';
import type { PictureLayout } from '../shared/media/pictureLayouts.js';
import { KeptHtml } from '../hydration/KeptHtml.js';
import { ResponsiveImage } from '../media/ResponsiveImage.js';
import type { CarSummary } from '../shared/cars/carSummary.js';
import { formatDistance, formatMileage, formatPrice, mileageInUnit, type CarFormat } from '../shared/cars/formatCar.js';
import { CardMonthlyPrice, type CardMonthlyLabels } from './CardMonthlyPrice.js';

/** The shopper-visible words of a card, from the server's dictionary (client/cars/carCardTexts.ts builds them). */
export interface CarCardLabels {
  year: string;
  mileage: string;
  fuel: string;
  gearbox: string;
  campaignPrice: string;
  retailPrice: string;
  price: string;
  exVat: string;
  vatDeductible: string;
  /** 'Avstånd', read before a card's distance. */
  distance: string;
}

export interface CarCardTexts {
  format: CarFormat;
  labels: CarCardLabels;
  /** The card's monthly price and its words; left out where the market shows none (markets/schema.ts `monthlyPrice`). */
  monthly?: CardMonthlyLabels;
  /** The service's fuel and gearbox words that read differently in the page's language (markets/translations/carValues.ts). */
  values?: { fuel: Record<string, string>; gearbox: Record<string, string> };
}

export interface CarCardProps {
  car: CarSummary;
  href: string;
  texts: CarCardTexts;
  /** The list's first card: its picture is the page's LCP (fetched first, never lazy). */
  priority?: boolean;
  /** Where the card is shown, for its picture's `sizes` (client/shared/media/pictureLayouts.ts). */
  imageLayout: PictureLayout;
  headingLevel?: 2 | 3;
  /** How far the car is from where 'nearest first' measures (km): the card shows it ('12 km'; miles on the UK). */
  distanceKm?: number;
  /** Buttons under the card (the compare toggle); outside the card's link. */
  actions?: ReactNode;
}

/**
 * One car: image, name, year, mileage, fuel, gearbox and price; the same on the server and in islands. Its
 * body is kept as the server rendered it when an island hydrates (client/hydration/KeptHtml.tsx): only the
 * actions under it are hydrated.
 */
export function CarCard({ actions, ...body }: CarCardProps) {
  return (
    <article className="car-card">
      <KeptHtml className="car-card__body">
        <CarCardBody {...body} />
      </KeptHtml>
      {actions && <div className="car-card__actions">{actions}</div>}
    </article>
  );
}

function CarCardBody({
  car,
  href,
  texts,
  priority = false,
  imageLayout,
  headingLevel = 3,
  distanceKm,
}: Omit<CarCardProps, 'actions'>) {
  const { format, labels } = texts;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const campaign = car.campaignPrice !== null && car.campaignPrice < car.retailPrice;
  const vatNote = car.vehicleTypeCode === 'LCV' ? labels.exVat : car.vatEligible ? labels.vatDeductible : null;
  return (
    <>
      <a className="car-card__link" href={href}>
        <ResponsiveImage
          className="car-card__image"
          src={car.image}
          alt=""
          shape={[4, 3]}
          layout={imageLayout}
          priority={priority}
        />
        <Heading className="car-card__title">
          <span className="car-card__brand">{car.brand}</span>{' '}
          <span className="car-card__model">{`${car.model} ${car.variant}`.trim()}</span>
        </Heading>
      </a>
      <dl className="car-card__facts">
        <div>
          <dt>{labels.year}</dt>
          <dd>{car.year}</dd>
        </div>
        <div>
          <dt>{labels.mileage}</dt>
          <dd>{formatMileage(car.mileageKm, format)}</dd>
        </div>
        <div>
          <dt>{labels.fuel}</dt>
          <dd>{texts.values?.fuel[car.fuel] ?? car.fuel}</dd>
        </div>
        <div>
          <dt>{labels.gearbox}</dt>
          <dd>{texts.values?.gearbox[car.gearbox] ?? car.gearbox}</dd>
        </div>
      </dl>
      <p className="car-card__price">
        {campaign ? (
          <>
            <span className="visually-hidden">{labels.campaignPrice} </span>
            <strong className="car-card__amount car-card__amount--campaign">
              {formatPrice(car.price, car.currency, format.locale)}
            </strong>{' '}
            <span className="visually-hidden">{labels.retailPrice} </span>
            <s className="car-card__retail">{formatPrice(car.retailPrice, car.currency, format.locale)}</s>
          </>
        ) : (
          <>
            <span className="visually-hidden">{labels.price} </span>
            <strong className="car-card__amount">{formatPrice(car.price, car.currency, format.locale)}</strong>
          </>
        )}
        {vatNote && <span className="car-card__vat">{vatNote}</span>}
      </p>
      {texts.monthly && <CardMonthlyPrice car={car} labels={texts.monthly} locale={format.locale} />}
      {distanceKm !== undefined && (
        <p className="car-card__distance">
          <span className="visually-hidden">{labels.distance} </span>
          {distanceText(distanceKm, format)}
        </p>
      )}
    </>
  );
}

/** A distance to a car in km, or miles on the UK (Swedish sites say km here, as road signs do). */
function distanceText(km: number, format: CarFormat): string {
  const unit = format.mileageUnit === 'mi' ? 'mi' : 'km';
  return formatDistance(Math.max(1, mileageInUnit(Math.round(km), unit)), { ...format, mileageUnit: unit });
}
