import type { BookingTexts } from './bookingTexts.js';
import { formatPrice } from './formatBooking.js';

interface PriceTextProps {
  price: number | null;
  priceKnown: boolean;
  priceDiscount: number | null;
  notKnownText?: string | null;
  texts: BookingTexts;
  locale: string;
}

/** A price in kr; a discount (service agreement) in red after the struck-through price; 'Pris saknas*' when unknown. */
export function PriceText({ price, priceKnown, priceDiscount, notKnownText, texts, locale }: PriceTextProps) {
  if (!priceKnown || price === null)
    return <span className="price price--missing">{notKnownText ?? texts['booking.priceMissing']}</span>;
  if (priceDiscount !== null && priceDiscount !== price) {
    return (
      <span className="price">
        <s className="price__original">
          <span className="visually-hidden">{texts['booking.priceBefore']} </span>
          {formatPrice(price, locale)}
        </s>{' '}
        <span className="price--discount">{formatPrice(priceDiscount, locale)}</span>
      </span>
    );
  }
  return <span className="price">{formatPrice(price, locale)}</span>;
}
