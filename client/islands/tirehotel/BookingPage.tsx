import { useEffect, useId, useRef, useState } from 'react';
import { TirehotelContactValuesSchema } from '../../../contracts/forms.js';
import type { TirehotelConfirmation, TirehotelVehicle } from '../../../contracts/upstream/tirehotel.js';
import { FormAlert } from '../../forms/fields.js';
import { useSchemaForm } from '../../forms/useSchemaForm.js';
import { useSubmissionId } from '../../forms/useSubmissionId.js';
import { trackBooking, trackForm } from './analytics.js';
import { BookingCalendar } from './BookingCalendar.js';
import { canBook, contactFieldsVisible } from './bookingRules.js';
import { availableDaysRange } from './calendarRules.js';
import { ContactFields } from './ContactFields.js';
import { refusalText, tirehotelApi, shopperMessage } from './tirehotelApi.js';
import type { TireHotelTexts } from './tirehotelTexts.js';
import { TimeSlotPicker } from './TimeSlotPicker.js';
import { dayStartTimes } from './timeSlots.js';

interface BookingPageProps {
  texts: TireHotelTexts;
  vehicle: TirehotelVehicle;
  subHeadingLevel: 3 | 4;
  onBack: () => void;
  onBooked: (confirmation: TirehotelConfirmation) => void;
  /** The login has expired (401): the flow starts again with the server's message. */
  onExpired: (message: string | null) => void;
}

/** undefined while loading, null when the call failed. */
type Loaded<T> = T | null | undefined;

/**
 * Booking (part 2 §2.5 step 5, §4.3): free days first, then the chosen day's times, then the
 * contact fields; 'Genomför bokning' follows bookingRules.canBook. While a call runs an overlay
 * covers the form and every action waits (the controls keep the focus, so the keyboard never loses its place).
 */
export function BookingPage({ texts, vehicle, subHeadingLevel, onBack, onBooked, onExpired }: BookingPageProps) {
  const erpId = vehicle.location.erpId;
  const [today] = useState(() => new Date());
  const [days, setDays] = useState<Loaded<string[]>>(undefined);
  const [date, setDate] = useState<string | null>(null);
  const [slots, setSlots] = useState<Loaded<string[]>>(undefined);
  const [time, setTime] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [refusal, setRefusal] = useState<string | null>(null);
  const chosenDay = useRef<string | null>(null);
  const slotName = useId();
  const form = useSchemaForm(TirehotelContactValuesSchema, {
    defaultValues: { firstName: '', lastName: '', email: '', phoneMobile: '', freeText: '' },
  });

  useEffect(() => {
    let live = true;
    void tirehotelApi.timeslotDays(erpId, { ...availableDaysRange(today), regNo: vehicle.brandCode }).then((answer) => {
      if (!live) return;
      setBusy(false);
      if (!answer.ok && answer.status === 401) return onExpired(shopperMessage(answer));
      setDays(answer.ok ? [...new Set(answer.value.availableDates.map((d) => d.date))].sort() : null);
    });
    return () => {
      live = false;
    };
    // The free days are loaded once per visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const chooseDay = async (day: string) => {
    if (busy || day === date) return;
    chosenDay.current = day;
    setDate(day);
    setTime(null);
    setSlots(undefined);
    setBusy(true);
    const answer = await tirehotelApi.timeslots(erpId, { startDate: day, endDate: day, regNo: vehicle.brandCode });
    if (chosenDay.current !== day) return;
    setBusy(false);
    if (!answer.ok && answer.status === 401) return onExpired(shopperMessage(answer));
    setSlots(answer.ok ? dayStartTimes(answer.value, day) : null);
  };

  const choice = { date, slots, time };
  const submission = useSubmissionId(); // one booking, however often 'Boka' is tried
  const book = form.handleSubmit(async (values) => {
    if (!canBook(choice, true, busy) || !date) return;
    trackForm('submit', 'booking');
    setBusy(true);
    setRefusal(null);
    const { freeText, ...customer } = values;
    const answer = await tirehotelApi.create(erpId, {
      bookingDate: date,
      bookingStart: slots?.length ? time : null,
      regNo: vehicle.regNo,
      freeText: freeText.trim() || null,
      customer,
      bookingRequestId: submission.id(),
    });
    setBusy(false);
    if (answer.ok) {
      trackForm('success', 'booking');
      trackBooking(answer.value);
      return onBooked(answer.value);
    }
    trackForm('error', 'booking');
    if (answer.status === 401) return onExpired(shopperMessage(answer));
    // No answer at all: logged, and the shopper may simply try again (part 2 §8).
    if (answer.status !== null) setRefusal(refusalText(answer, texts));
  });

  // The rule alone disables the button; a running call is waited for instead, so the focus stays on it.
  const bookable = canBook(choice, form.formState.isValid, false);
  const SubHeading = `h${subHeadingLevel}` as const;
  return (
    <form
      className="tirehotel__form tirehotel__booking"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => void book(event)}
    >
      {days === null && (
        <p className="tirehotel__error" role="alert">
          {texts.datesError}
        </p>
      )}
      {days?.length === 0 && (
        <div className="tirehotel__notice" role="status">
          <p>{texts.noDates}</p>
          <p>
            {texts.workshopPhone}:{' '}
            <a href={`tel:${vehicle.location.phone.replace(/[^\d+]/g, '')}`}>{vehicle.location.phone}</a>
            <br />
            {texts.workshopEmail}: <a href={`mailto:${vehicle.location.email}`}>{vehicle.location.email}</a>
          </p>
        </div>
      )}
      {days && days.length > 0 && (
        <>
          <SubHeading className="tirehotel__subheading">{texts.dateLegend}</SubHeading>
          <BookingCalendar
            days={days}
            selected={date}
            onSelect={(day) => void chooseDay(day)}
            label={texts.dateLegend}
            today={today}
          />
        </>
      )}
      {date && slots === null && (
        <p className="tirehotel__error" role="alert">
          {texts.slotsError}
        </p>
      )}
      {date && slots?.length === 0 && (
        <p className="tirehotel__notice" role="status">
          {texts.noSlots}
        </p>
      )}
      {date && slots && slots.length > 0 && (
        <TimeSlotPicker
          legend={texts.timeLegend}
          slots={slots}
          selected={time}
          name={slotName}
          onSelect={(start) => !busy && setTime(start)}
        />
      )}
      {contactFieldsVisible(choice) && <ContactFields texts={texts} form={form} subHeadingLevel={subHeadingLevel} />}
      {refusal && <FormAlert kind="error">{refusal}</FormAlert>}
      <div className="tirehotel__actions">
        <button type="button" className="button button--secondary" onClick={() => !busy && onBack()}>
          {texts.back}
        </button>
        {contactFieldsVisible(choice) && (
          <button
            type="submit"
            className="button tirehotel__primary"
            disabled={!bookable}
            aria-disabled={busy || undefined}
          >
            {texts.book}
          </button>
        )}
      </div>
      {busy && (
        <div className="tirehotel__overlay" role="status">
          <span className="tirehotel__spinner" aria-hidden="true" />
          <span className="visually-hidden">{texts.loading}</span>
        </div>
      )}
    </form>
  );
}
