import type { ReactNode } from 'react';
import type { PictureLayout } from '../shared/media/pictureLayouts.js';
import { formatPrice } from '../shared/cars/formatCar.js';
import { ResponsiveImage } from '../media/ResponsiveImage.js';
import type { KeptCar } from './savedCars.js';

/**
 * A kept car as it was when the shopper kept it: when today's card could not be fetched (linked, with the
 * price then), or when the car is no longer for sale (no link, which would end on a 404; no picture,
 * which the media service no longer has). `status` says which.
 */
export function KeptCarCard({
  car,
  href,
  locale,
  picture,
  status,
  priceLabel,
  actions,
}: {
  car: KeptCar;
  /** Absent for a car no longer for sale. */
  href?: string;
  locale: string;
  picture: PictureLayout;
  status?: ReactNode;
  priceLabel?: string;
  actions: ReactNode;
}) {
  const heading = (
    <h2 className="car-card__title">
      <span className="car-card__brand">{car.brand}</span>{' '}
      <span className="car-card__model">{`${car.model} ${car.variant}`.trim()}</span>
    </h2>
  );
  return (
    <article className={href ? 'car-card kept-card' : 'car-card kept-card kept-card--gone'}>
      {href ? (
        <a className="car-card__link" href={href}>
          <ResponsiveImage className="car-card__image" src={car.image} alt="" shape={[4, 3]} layout={picture} />
          {heading}
        </a>
      ) : (
        <div className="car-card__link">
          <div className="car-card__image kept-card__no-picture" />
          {heading}
        </div>
      )}
      <p className="kept-card__year">{car.year}</p>
      {status}
      {priceLabel && (
        <p className="car-card__price">
          <span className="kept-card__price-label">{priceLabel} </span>
          <strong className="car-card__amount">{formatPrice(car.price, car.currency, locale)}</strong>
        </p>
      )}
      <div className="car-card__actions">{actions}</div>
    </article>
  );
}
