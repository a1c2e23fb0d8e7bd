import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { pushToDataLayer, type MarketCurrency } from '../../analytics/dataLayer.js';
import { useSubmissionId } from '../../forms/useSubmissionId.js';
import {
  CONTACT_FORM_NAME,
  contactPayload,
  sendContactForm,
  validateContact,
  type ContactCar,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from './contactForm.js';

export interface CarContactLabels {
  requiredNote: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  seller: string;
  sellerPlaceholder: string;
  quote: string;
  testDrive: string;
  submit: string;
  submitting: string;
  success: string;
  /** The carDetailFormError text. */
  failure: string;
  errors: Record<ContactField, string>;
}

/** Where the form stands when its page is the answer to a post without scripts (views/pages/carDetail/postedContact.ts). */
export interface CarContactInitial {
  values: ContactValues;
  errors: ContactErrors;
  status: 'success' | 'error' | 'idle';
  waitMessage: string | null;
}

export interface CarContactProps {
  car: ContactCar;
  /** The first state: empty, or what a post without scripts brought back (written by the page, so none is shipped). */
  initial: CarContactInitial;
  /** Where the form posts before its script has run (its hidden fields are the page's, tied to `id` by form=). */
  postTo: { id: string; action: string; method: 'post' };
  /** Only for a new-car sample, where the shopper chooses who sells it. */
  sellers: readonly { name: string }[];
  labels: CarContactLabels;
  /** The market's currency, which the purchase event of a sent lead carries. */
  currency: MarketCurrency;
}

type Status = 'idle' | 'submitting' | 'success' | 'error';
const FIELD_ORDER: readonly ContactField[] = ['name', 'phone', 'email', 'seller'];

/**
 * Contact the seller about this car: idle, submitting, success or error. The entered values stay on
 * error; one formSubmissionId serves the form's whole life (the kit's useSubmissionId), so a retry
 * after an unclear failure can never make a second lead. It keeps its own light validation rather than
 * the kit's react-hook-form and zod: the car page's JavaScript budget (80 KB gzip) has no room for them. The outcome message takes the focus when it appears.
 */
export function CarContactForm({ car, sellers, labels, currency, initial, postTo }: CarContactProps) {
  const [values, setValues] = useState<ContactValues>(initial.values);
  const [errors, setErrors] = useState<ContactErrors>(initial.errors);
  const [status, setStatus] = useState<Status>(initial.status);
  const [waitMessage, setWaitMessage] = useState<string | null>(initial.waitMessage);
  const submission = useSubmissionId();
  const form = useRef<HTMLFormElement>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const id = useId();

  useEffect(() => {
    if (status === 'success' || status === 'error') outcome.current?.focus();
  }, [status]);

  const change =
    (field: keyof ContactValues) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const target = event.currentTarget;
      const value = target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (field in errors) setErrors(({ [field as ContactField]: _, ...rest }) => rest);
    };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    const found = validateContact(values, car.carIsSample);
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((field) => found[field]);
    if (firstInvalid) {
      (form.current?.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    setStatus('submitting');
    const formSubmissionId = submission.id();
    pushToDataLayer({ event: 'form_interaction', form_name: CONTACT_FORM_NAME, action: 'submit' });
    const outcome = await sendContactForm(contactPayload(values, car, formSubmissionId));
    pushToDataLayer({ event: 'form_interaction', form_name: CONTACT_FORM_NAME, action: outcome.status });
    if (outcome.status === 'success')
      pushToDataLayer({
        event: 'purchase',
        ecommerce: { transaction_id: formSubmissionId, currency, value: 0 },
      });
    setWaitMessage(outcome.waitMessage);
    setStatus(outcome.status);
  };

  if (status === 'success') {
    return (
      <p className="car-contact__success" role="status" tabIndex={-1} ref={outcome}>
        {labels.success}
      </p>
    );
  }

  const field = (name: ContactField) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: ContactField) =>
    errors[name] && (
      <span className="car-contact__error" id={`${id}-${name}-error`}>
        {labels.errors[name]}
      </span>
    );
  const required = <span aria-hidden="true"> *</span>;

  return (
    // Posts itself (with the page's hidden fields) before its script has run or without scripts.
    <form {...postTo} className="car-contact" ref={form} noValidate onSubmit={submit}>
      {status === 'error' && (
        <p className="car-contact__failure" role="alert" tabIndex={-1} ref={outcome}>
          {waitMessage ?? labels.failure}
        </p>
      )}
      <p className="car-contact__note">{labels.requiredNote}</p>
      <div className="car-contact__field">
        <label htmlFor={`${id}-name`}>
          {labels.name}
          {required}
        </label>
        <input
          {...field('name')}
          type="text"
          autoComplete="name"
          required
          maxLength={100}
          value={values.name}
          onChange={change('name')}
        />
        {error('name')}
      </div>
      <div className="car-contact__field">
        <label htmlFor={`${id}-phone`}>
          {labels.phone}
          {required}
        </label>
        <input
          {...field('phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          maxLength={21}
          value={values.phone}
          onChange={change('phone')}
        />
        {error('phone')}
      </div>
      <div className="car-contact__field">
        <label htmlFor={`${id}-email`}>
          {labels.email}
          {required}
        </label>
        <input
          {...field('email')}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={values.email}
          onChange={change('email')}
        />
        {error('email')}
      </div>
      {car.carIsSample && sellers.length > 0 && (
        <div className="car-contact__field">
          <label htmlFor={`${id}-seller`}>
            {labels.seller}
            {required}
          </label>
          <select {...field('seller')} required value={values.seller} onChange={change('seller')}>
            <option value="">{labels.sellerPlaceholder}</option>
            {sellers.map((seller, index) => (
              <option key={index} value={String(index)}>
                {seller.name}
              </option>
            ))}
          </select>
          {error('seller')}
        </div>
      )}
      <div className="car-contact__field">
        <label htmlFor={`${id}-message`}>{labels.message}</label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={4}
          maxLength={1000}
          value={values.message}
          onChange={change('message')}
        />
      </div>
      <div className="car-contact__choices">
        <label>
          <input type="checkbox" name="quote" checked={values.quote} onChange={change('quote')} /> {labels.quote}
        </label>
        <label>
          <input type="checkbox" name="testDrive" checked={values.testDrive} onChange={change('testDrive')} />{' '}
          {labels.testDrive}
        </label>
      </div>
      <button type="submit" className="car-contact__submit" aria-disabled={status === 'submitting'}>
        {status === 'submitting' ? labels.submitting : labels.submit}
      </button>
    </form>
  );
}
