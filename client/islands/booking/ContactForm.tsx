import { useState } from 'react';
import { BookingRequest, type BookingRequest as BookingRequestBody } from '../../../contracts/upstream/mechmate.js';
import { FormAlert, TextAreaField, TextField } from '../../forms/fields.js';
import { postJsonWithRetries } from '../../forms/postWithRetries.js';
import { waitMessage } from '../../api/bffCall.js';
import { useSchemaForm } from '../../forms/useSchemaForm.js';
import { useSubmissionId } from '../../forms/useSubmissionId.js';
import { pushBookingPurchase } from './bookingAnalytics.js';
import { bookingErrorText } from './bookingErrors.js';
import type { BookingEvent } from './bookingMachine.js';
import { USER_INPUT_MAX, type BookingStore } from './bookingState.js';
import type { BookingTexts } from './bookingTexts.js';
import { bookingTotal } from './formatBooking.js';

/** The contact part of the BFF's own booking request schema (contracts/upstream/mechmate.ts): one definition, not a copy. */
export const BookingContactSchema = BookingRequest.shape.customer.extend({ freeText: BookingRequest.shape.freeText });

/** Mileage is 1 in the booking request when none was given (part 2 §9). */
export const DEFAULT_MILEAGE = 1;

/** The booking request from the store and the contact form. */
export function bookingRequestOf(
  state: BookingStore,
  contact: { firstName: string; lastName: string; phone: string; email: string; freeText?: string | null | undefined },
): BookingRequestBody | null {
  const { car, bookingInfo } = state;
  if (!car || !bookingInfo.location || !bookingInfo.timeSlot) return null;
  const { freeText, ...customer } = contact;
  return {
    customer,
    freeText: freeText ? freeText : null,
    departmentId: bookingInfo.location.departmentId,
    timeSlot: bookingInfo.timeSlot,
    isFullDay: bookingInfo.isFullDay,
    registrationNumber: car.registrationNumber,
    mileage: state.milage ?? DEFAULT_MILEAGE,
    serviceOfferingRequests: Object.entries(state.services).map(([code, service]) => ({
      kobraId: code,
      unitsSelected: service.unit,
      userInput: service.userInput,
    })),
  };
}

interface ContactFormProps {
  state: BookingStore;
  dispatch: (event: BookingEvent) => void;
  texts: BookingTexts;
  /** The chosen time was taken meanwhile: the slots are loaded again. */
  onSlotTaken: () => void;
}

/** The contact details and 'Boka' (part 2 §5.1): validated with the booking request's schema, sent to /api/mechmate/book. */
export function ContactForm({ state, dispatch, texts, onSlotTaken }: ContactFormProps) {
  const form = useSchemaForm(BookingContactSchema, {
    defaultValues: { firstName: '', lastName: '', phone: '', email: '', freeText: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<{ text: string; attempt: number } | null>(null);
  const freeText = form.watch('freeText') ?? '';
  // One key for every retry of this booking: the BFF books it once (a failed attempt frees the key).
  const submission = useSubmissionId();

  const submit = form.handleSubmit(async (contact) => {
    const request = bookingRequestOf(state, contact);
    if (!request) return;
    setFailure(null);
    const outcome = await postJsonWithRetries('/api/mechmate/book', { ...request, bookingRequestId: submission.id() });
    const id = outcome.ok ? (outcome.value as { id?: unknown } | null)?.id : undefined;
    if (typeof id === 'string') {
      const services = Object.entries(state.services);
      pushBookingPurchase(
        id,
        bookingTotal(services.map(([, s]) => s)).total,
        services.map(([code, s]) => ({ code, name: s.name, price: s.priceDiscount ?? s.price, quantity: s.unit ?? 1 })),
      );
      dispatch({ type: 'booked', id });
      return;
    }
    const code = outcome.ok ? null : outcome.upstream.code;
    console.error('booking failed', outcome.status, code);
    const text = (!outcome.ok && waitMessage(outcome)) || bookingErrorText(code, texts);
    setFailure((previous) => ({ text, attempt: (previous?.attempt ?? 0) + 1 }));
    if (code === 'TimeslotNotAvailable') onSlotTaken();
  });

  const required = (
    key: 'booking.firstNameError' | 'booking.lastNameError' | 'booking.phoneError' | 'booking.emailError',
    present: boolean,
  ) => (present ? texts[key] : undefined);
  return (
    <form
      className="booking-contact"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="booking-contact-title"
    >
      <h3 id="booking-contact-title">{texts['booking.contactTitle']}</h3>
      <div className="booking-contact__grid">
        <TextField
          label={texts['booking.firstName']}
          required
          autoComplete="given-name"
          error={required('booking.firstNameError', Boolean(errors.firstName))}
          {...form.register('firstName')}
        />
        <TextField
          label={texts['booking.lastName']}
          required
          autoComplete="family-name"
          error={required('booking.lastNameError', Boolean(errors.lastName))}
          {...form.register('lastName')}
        />
        <TextField
          label={texts['booking.phone']}
          required
          type="tel"
          autoComplete="tel"
          error={required('booking.phoneError', Boolean(errors.phone))}
          {...form.register('phone')}
        />
        <TextField
          label={texts['booking.email']}
          required
          type="email"
          autoComplete="email"
          error={required('booking.emailError', Boolean(errors.email))}
          {...form.register('email')}
        />
      </div>
      <TextAreaField
        label={texts['booking.message']}
        maxLength={USER_INPUT_MAX}
        count={freeText.length}
        rows={3}
        error={errors.freeText ? texts['booking.messageTooLong'] : undefined}
        {...form.register('freeText')}
      />
      {failure && (
        <FormAlert key={failure.attempt} kind="error">
          {failure.text}
        </FormAlert>
      )}
      <button type="submit" className="booking-button" disabled={isSubmitting}>
        {isSubmitting ? texts['booking.booking'] : texts['booking.book']}
      </button>
    </form>
  );
}
