import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Place } from '../../../contracts/upstream/maps.js';
/** The calls (and the contracts' zod schemas they check answers with) load on first use, not with the page. */
const api = () => import('./bookingApi.js');
import { pushBookingError } from './bookingAnalytics.js';
import { bookingErrorText } from './bookingErrors.js';
import type { BookingEvent } from './bookingMachine.js';
import type { BookingStore } from './bookingState.js';
import type { BookingTexts } from './bookingTexts.js';
import { PlaceCombobox } from './PlaceCombobox.js';
import { useTypedBeforeWake } from '../../forms/useTypedBeforeWake.js';
import { loadStepOfferings } from './stepChunks.js';
import { fillText } from '../../../markets/translations/plural.js';

/** Registration numbers: at most 6 characters, upper-cased as typed (part 2 §5.1); spaces as in 'ABC 123' are dropped. */
export const REG_NO_MAX = 6;
export const normaliseRegNo = (text: string) => text.replace(/\s+/g, '').toUpperCase().slice(0, REG_NO_MAX);

interface StepRegistrationProps {
  state: BookingStore;
  dispatch: (event: BookingEvent) => void;
  texts: BookingTexts;
  /** `?lat=&lng=`, once the session's store is known (a stored place wins). */
  prefill: { lat: number; lng: number } | null;
  /** The session's store is read: a car may be accepted (it would otherwise be overwritten by the restore). */
  ready: boolean;
}

/** A place at exactly these coordinates, named after the nearest known place. */
async function placeAt(lat: number, lng: number): Promise<Place | null> {
  const answer = await (await api()).placesApi.reverse(lat, lng);
  if (!answer.ok) return null;
  const { distanceKm: _distance, ...nearest } = answer.value;
  return { ...nearest, latitude: lat, longitude: lng };
}

/** Step 1: registration number and place, then the car lookup (part 2 §4.1, §5.1, §8). */
export function StepRegistration({ state, dispatch, texts, prefill, ready }: StepRegistrationProps) {
  const [regNo, setRegNo] = useState(state.car?.registrationNumber ?? '');
  const [place, setPlace] = useState<Place | null>(state.location);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<'car' | 'locating' | null>(null);
  const regId = useId();
  const regField = useTypedBeforeWake((typed) => setRegNo((current) => current || normaliseRegNo(typed)));
  const messageId = useId();

  // The stored booking arrives after hydration: show its car and place.
  const [stored, setStored] = useState({ car: state.car, location: state.location });
  if (stored.car !== state.car || stored.location !== state.location) {
    setStored({ car: state.car, location: state.location });
    if (state.car) setRegNo(state.car.registrationNumber);
    if (state.location) setPlace(state.location);
  }
  // ?lat=&lng= prefill the place when the session has none.
  useEffect(() => {
    if (!prefill || state.location) return;
    let live = true;
    void placeAt(prefill.lat, prefill.lng).then((found) => live && found && setPlace((current) => current ?? found));
    return () => {
      live = false;
    };
  }, [prefill, state.location]);

  const useMyLocation = () => {
    setMessage(null);
    if (!('geolocation' in navigator)) return setMessage(texts['booking.geolocationDenied']);
    setBusy('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        void placeAt(position.coords.latitude, position.coords.longitude).then((found) => {
          setBusy(null);
          if (found) setPlace(found);
          else setMessage(texts['booking.errorGeneric']);
        });
      },
      (error) => {
        setBusy(null);
        setMessage(
          error.code === error.PERMISSION_DENIED ? texts['booking.geolocationDenied'] : texts['booking.errorGeneric'],
        );
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!regNo || !place || busy || !ready) return;
    setBusy('car');
    setMessage(null);
    const answer = await (await api()).bookingApi.car(regNo);
    setBusy(null);
    if (!answer.ok) {
      const text = bookingErrorText(answer.upstream.code, texts);
      setMessage(text);
      pushBookingError(answer.upstream.code ?? `http_${answer.status ?? 'network'}`, text);
      return;
    }
    if (!answer.value.isSupported)
      return setMessage(fillText(texts['booking.unsupportedCar'], { brand: answer.value.brand }));
    dispatch({ type: 'carAccepted', car: answer.value, place });
  };

  return (
    <form className="booking-form" onSubmit={(e) => void submit(e)} onFocus={() => void loadStepOfferings()} noValidate>
      <div className="booking-field">
        <label htmlFor={regId}>{texts['booking.regLabel']}</label>
        <input
          ref={regField}
          id={regId}
          className="booking-input booking-input--reg"
          value={regNo}
          onChange={(e) => setRegNo(normaliseRegNo(e.target.value))}
          maxLength={REG_NO_MAX}
          placeholder={texts['booking.regPlaceholder']}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={message ? messageId : undefined}
        />
      </div>
      <div className="booking-field">
        <PlaceCombobox
          label={texts['booking.placeLabel']}
          placeholder={texts['booking.placePlaceholder']}
          noResults={texts['booking.placeNoResults']}
          value={place}
          onChange={setPlace}
        />
        <button
          type="button"
          className="booking-button booking-button--link"
          onClick={useMyLocation}
          disabled={busy === 'locating'}
        >
          {busy === 'locating' ? texts['booking.locating'] : texts['booking.useMyLocation']}
        </button>
      </div>
      <button
        type="submit"
        className="booking-button"
        disabled={!regNo || !place || busy === 'car' || !ready}
        aria-describedby={message ? messageId : undefined}
      >
        {busy === 'car' ? texts['booking.searching'] : texts['booking.continue']}
      </button>
      <p id={messageId} className="booking-message booking-message--error" role="alert">
        {message ?? ''}
      </p>
    </form>
  );
}
