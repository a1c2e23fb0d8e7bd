import { useId, useState } from 'react';
import { RATING_MAX } from './rating.js';
import type { TireHotelTexts } from './tirehotelTexts.js';
import { fillText } from '../../../markets/translations/plural.js';

interface StarRatingProps {
  texts: TireHotelTexts;
  /** Sent before (this confirmation, before a reload): only the thank-you shows. */
  sent: boolean;
  onSend: (rating: number) => Promise<void>;
}

/**
 * The 1–5 star rating (part 2 §4.3): a native radio group (arrow keys choose, each star named
 * '3 av 5 stjärnor'). Send is disabled at 0 and while sending; afterwards a thank-you shows
 * whatever the outcome.
 */
export function StarRating({ texts, sent, onSend }: StarRatingProps) {
  const [rating, setRating] = useState(0);
  const [state, setState] = useState<'choosing' | 'sending' | 'sent'>('choosing');
  const name = useId();

  if (sent || state === 'sent') {
    return (
      <p className="tirehotel__thanks" role="status">
        {texts.ratingThanks}
      </p>
    );
  }
  const send = async () => {
    if (rating === 0 || state !== 'choosing') return;
    setState('sending');
    await onSend(rating);
    setState('sent');
  };
  return (
    <div className="tirehotel__rating">
      <fieldset className="tirehotel__stars">
        <legend>{texts.ratingLegend}</legend>
        {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((value) => (
          <label key={value} className={value <= rating ? 'tirehotel__star tirehotel__star--on' : 'tirehotel__star'}>
            <input
              className="visually-hidden"
              type="radio"
              name={name}
              value={value}
              checked={rating === value}
              onChange={() => setRating(value)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{fillText(texts.ratingStar, { n: value })}</span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="button tirehotel__primary"
        disabled={rating === 0 || state === 'sending'}
        onClick={() => void send()}
      >
        {texts.ratingSend}
      </button>
    </div>
  );
}
