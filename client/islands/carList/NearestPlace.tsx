import { useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type MouseEvent } from 'react';
import { placeOfPostcode } from '../../api/nearPlace.js';
import { roundedPlace, type GeoPoint } from '../../shared/geo/roundedPlace.js';
import type { NearProblem } from '../../shared/carList/carListResults.js';
import { fillText } from '../../../markets/translations/plural.js';
import type { CarListTexts } from './carListTypes.js';

const subscribeNever = () => () => {};

interface NearestPlaceProps {
  near: GeoPoint | undefined;
  nearName: string | undefined;
  /** The plain form's postcode found no place. */
  problem: NearProblem | undefined;
  onNear: (near: GeoPoint, name: string) => void;
  texts: CarListTexts['near'];
}

/**
 * Where 'nearest first' measures from: a postcode (the plain form sends it; with scripts the BFF finds its place
 * from the request's body) or, on the shopper's click only, the browser's position, rounded before it goes anywhere.
 */
export function NearestPlace({ near, nearName, problem, onNear, texts }: NearestPlaceProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // False while hydrating what the server wrote, true after: the position button is there only with scripts.
  const scripted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const [message, setMessage] = useState(
    problem?.kind === 'placeFailed'
      ? texts.positionFailed
      : problem
        ? fillText(texts.postcodeUnknown, { postcode: problem.postcode })
        : '',
  );
  const where = near ? fillText(texts.nearPlace, { place: nearName || texts.myPosition }) : texts.needsPlace;

  const findPostcode = async () => {
    const postcode = input.current?.value.trim() ?? '';
    if (!postcode) return input.current?.focus();
    const found = await placeOfPostcode(postcode);
    if (found.ok) {
      setMessage('');
      onNear(found.value, found.value.name);
    } else {
      setMessage(
        found.status === 404 || found.status === 400
          ? fillText(texts.postcodeUnknown, { postcode })
          : texts.positionFailed,
      );
    }
  };
  const onApply = (event: MouseEvent) => {
    event.preventDefault();
    void findPostcode();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void findPostcode();
  };
  const usePosition = () => {
    setMessage('');
    navigator.geolocation.getCurrentPosition(
      (position) => onNear(roundedPlace({ lat: position.coords.latitude, lng: position.coords.longitude }), ''),
      () => setMessage(texts.positionFailed),
      { maximumAge: 10 * 60_000, timeout: 20_000 },
    );
  };

  return (
    <div className="car-list__near">
      <p className="car-list__near-where">{where}</p>
      <label htmlFor={inputId}>{texts.postcode}</label>
      <div className="car-list__near-row">
        <input
          id={inputId}
          ref={input}
          name="postcode"
          autoComplete="postal-code"
          maxLength={10}
          defaultValue={problem?.postcode ?? ''}
          onKeyDown={onKey}
        />
        <button type="submit" className="button" onClick={scripted ? onApply : undefined}>
          {texts.apply}
        </button>
        {scripted && 'geolocation' in navigator && (
          <button type="button" className="button button--secondary" onClick={usePosition}>
            {texts.useMyPosition}
          </button>
        )}
      </div>
      <p className="car-list__near-message" role="status">
        {message}
      </p>
    </div>
  );
}
