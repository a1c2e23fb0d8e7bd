import type { PostOptions } from '../../forms/postWithRetries.js';
import { sendToFormsHub } from '../../forms/sendToFormsHub.js';
import { CAR_CONTACT_FORM_NAME } from '../../../contracts/carContactForm.js';

/**
 * The car page's contact form without its view: the rules (part 1 §5) and the send with retries
 * (part 1 §4: up to 3 attempts, 1 s apart, one formSubmissionId for all of them, so the BFF sends
 * the lead to the hub once however many attempts reach it).
 */

export const CONTACT_FORM_NAME = CAR_CONTACT_FORM_NAME;
export const SEND_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 1000;
const PHONE = /^\+?[\d ]{6,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export interface ContactValues {
  name: string;
  phone: string;
  email: string;
  message: string;
  /** The chosen seller's place in the car's list ('' before a choice); the BFF looks up the e-mail. */
  seller: string;
  quote: boolean;
  testDrive: boolean;
}

export type ContactField = 'name' | 'phone' | 'email' | 'seller';
export type ContactErrors = Partial<Record<ContactField, true>>;

/** The fields that break a rule, in form order; a seller is required only for a new-car sample. */
export function validateContact(values: ContactValues, sellerRequired: boolean): ContactErrors {
  const errors: ContactErrors = {};
  if (values.name.trim() === '' || values.name.trim().length > 100) errors.name = true;
  if (!PHONE.test(values.phone.trim())) errors.phone = true;
  if (!EMAIL.test(values.email.trim()) || values.email.trim().length > 254) errors.email = true;
  if (sellerRequired && values.seller === '') errors.seller = true;
  return errors;
}

/** The car the message is about, sent with every submission. */
export interface ContactCar {
  carId: string;
  carIsSample: boolean;
  siteName: string;
}

export function contactPayload(values: ContactValues, car: ContactCar, formSubmissionId: string) {
  const message = values.message.trim();
  return {
    formName: CONTACT_FORM_NAME,
    formSubmissionId,
    values: {
      name: values.name.trim(),
      phone: values.phone.trim(),
      email: values.email.trim(),
      ...(message ? { message } : {}),
      siteName: car.siteName,
      quote: values.quote,
      testDrive: values.testDrive,
      carId: car.carId,
      carIsSample: car.carIsSample,
      ...(car.carIsSample && values.seller !== '' ? { seller: Number(values.seller) } : {}),
    },
  };
}

export type SendOptions = Pick<PostOptions, 'fetch' | 'wait'>;

/** `waitMessage`: a refused flood's text (429) from the kit, shown instead of the form's own failure text. */
export type ContactOutcome = { status: 'success' | 'error'; waitMessage: string | null };

/**
 * Posts to /api/forms/comhub through the form kit's sender: up to 3 attempts, 1 s apart, on a network
 * error, a 5xx or a 409 (still being sent); a 400 or 429 is not retried (it would be refused again).
 */
export async function sendContactForm(
  payload: ReturnType<typeof contactPayload>,
  options: SendOptions = {},
): Promise<ContactOutcome> {
  const outcome = await sendToFormsHub(payload, { ...options, attempts: SEND_ATTEMPTS, delayMs: RETRY_DELAY_MS });
  return { status: outcome.status === 'success' ? 'success' : 'error', waitMessage: outcome.waitMessage };
}
