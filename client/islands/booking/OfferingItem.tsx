import { useId } from 'react';
import type { Offering, OfferingCategory } from '../../../contracts/upstream/mechmate.js';
import { ORIGINAL_SERVICE, type BookingEvent } from './bookingMachine.js';
import type { BookingStore, SelectedService } from './bookingState.js';
import type { BookingTexts } from './bookingTexts.js';
import { formatPrice } from './formatBooking.js';
import { PriceText } from './PriceText.js';
import { USER_INPUT_MAX } from './bookingState.js';

interface OfferingItemProps {
  offering: Offering;
  category: OfferingCategory;
  kind: 'service' | 'addon';
  state: BookingStore;
  dispatch: (event: BookingEvent) => void;
  texts: BookingTexts;
  locale: string;
}

export function selectedEntry(
  offering: Offering,
  category: OfferingCategory,
  kind: 'service' | 'addon',
): SelectedService {
  return {
    name: offering.name,
    price: offering.price,
    priceKnown: offering.priceKnown,
    priceDiscount: offering.priceDiscount,
    category: category.name,
    type: kind,
    unit: offering.unitPrice ? offering.unitPrice.minimum : null,
    unitAbbreviation: offering.unitPrice?.unitAbbreviation ?? null,
    userInput: offering.allowUserInput ? '' : null,
    exclusive: kind === 'addon' && Boolean(category.selectionType),
  };
}

/** One offering: its checkbox with name and price, and once chosen what it asks for (mileage, a message or a quantity). */
export function OfferingItem({ offering, category, kind, state, dispatch, texts, locale }: OfferingItemProps) {
  const id = useId();
  const selected = state.services[offering.code];
  const unitPrice = offering.unitPrice;
  const agreementNote = offering.code === ORIGINAL_SERVICE && state.car?.hasServiceAgreement;
  return (
    <li className="offering">
      <div className="offering__choice">
        <input
          type="checkbox"
          id={`${id}-check`}
          checked={selected !== undefined}
          disabled={!offering.isAvailable}
          aria-describedby={`${id}-description`}
          onChange={() =>
            dispatch({ type: 'toggleService', code: offering.code, entry: selectedEntry(offering, category, kind) })
          }
        />
        <label htmlFor={`${id}-check`} className="offering__name">
          {offering.name}
        </label>
        <span className="offering__price">
          <PriceText
            price={offering.price}
            priceKnown={offering.priceKnown}
            priceDiscount={offering.priceDiscount}
            notKnownText={offering.notKnownPriceText}
            texts={texts}
            locale={locale}
          />
          {unitPrice && offering.priceKnown && unitPrice.postfix}
        </span>
      </div>
      <p id={`${id}-description`} className="offering__description">
        {offering.description}
        {!offering.isAvailable && <strong> {texts['booking.notAvailable']}</strong>}
        {agreementNote && <span className="offering__agreement"> {texts['booking.agreementServiceNote']}</span>}
      </p>
      {selected && offering.code === ORIGINAL_SERVICE && (
        <div className="booking-field booking-field--inline">
          <label htmlFor={`${id}-mileage`}>{texts['booking.mileageLabel']}</label>
          <span className="booking-input-unit">
            <input
              id={`${id}-mileage`}
              className="booking-input"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={state.milage ?? ''}
              aria-invalid={state.milage === null}
              aria-describedby={state.milage === null ? `${id}-mileage-error` : undefined}
              onChange={(e) => {
                const value = e.target.value.trim() === '' ? null : Number(e.target.value);
                dispatch({
                  type: 'setMileage',
                  milage: value !== null && Number.isInteger(value) && value >= 0 ? value : null,
                });
              }}
            />
            <span>{texts['booking.mileageUnit']}</span>
          </span>
          {state.milage === null && (
            <p id={`${id}-mileage-error`} className="booking-message booking-message--error">
              {texts['booking.mileageError']}
            </p>
          )}
        </div>
      )}
      {selected && selected.userInput !== null && (
        <div className="booking-field">
          <label htmlFor={`${id}-message`}>{texts['booking.messageLabel']}</label>
          <textarea
            id={`${id}-message`}
            className="booking-input"
            rows={2}
            maxLength={USER_INPUT_MAX}
            value={selected.userInput}
            aria-invalid={selected.userInput.trim() === ''}
            aria-describedby={`${id}-message-count${selected.userInput.trim() === '' ? ` ${id}-message-error` : ''}`}
            onChange={(e) =>
              dispatch({
                type: 'setUserInput',
                code: offering.code,
                userInput: e.target.value.slice(0, USER_INPUT_MAX),
              })
            }
          />
          <span
            id={`${id}-message-count`}
            className="booking-counter"
          >{`${selected.userInput.length}/${USER_INPUT_MAX}`}</span>
          {selected.userInput.trim() === '' && (
            <p id={`${id}-message-error`} className="booking-message booking-message--error">
              {texts['booking.messageError']}
            </p>
          )}
        </div>
      )}
      {selected && unitPrice && (
        <div className="booking-field booking-field--inline">
          <label htmlFor={`${id}-units`}>
            {texts['booking.quantityLabel'].replace('{unit}', unitPrice.unit.toLowerCase())}
          </label>
          <select
            id={`${id}-units`}
            className="booking-input"
            value={selected.unit ?? unitPrice.minimum}
            onChange={(e) => dispatch({ type: 'setUnits', code: offering.code, units: Number(e.target.value) })}
          >
            {Array.from({ length: unitPrice.maximum - unitPrice.minimum + 1 }, (_, i) => unitPrice.minimum + i).map(
              (n) => (
                <option key={n} value={n}>{`${n} ${unitPrice.unitAbbreviation}`}</option>
              ),
            )}
          </select>
          {offering.price !== null && (
            <span className="booking-muted">
              {formatPrice(offering.price * (selected.unit ?? unitPrice.minimum), locale)}
            </span>
          )}
        </div>
      )}
    </li>
  );
}
