import { CAR_CONTACT_FORM_NAME } from '../../../contracts/carContactForm.js';
import type { CarContactProps } from '../../../client/islands/carContact/CarContactForm.js';
import { CAR_CONTACT_FORM_ID, LEAD_FORM_HIDDEN, type LeadFormPost } from '../../../contracts/leadFormPost.js';

type Initial = CarContactProps['initial'];
const FIELDS = ['name', 'phone', 'email', 'seller'] as const;

/**
 * The contact form's first state: empty, or the answer to its post without scripts. Made here, on the server,
 * so the car page's island ships neither a reader nor its empty values (its JavaScript budget).
 */
export function contactInitial(post: LeadFormPost): Initial {
  const posted = post.posted;
  if (!posted || posted.outcome === 'kept')
    return { values: emptyValues(), errors: {}, status: 'idle', waitMessage: null };
  if (posted.outcome === 'sent') return { values: emptyValues(), errors: {}, status: 'success', waitMessage: null };
  const text = (field: string) => {
    const value = posted.values[field];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  return {
    values: {
      name: text('name'),
      phone: text('phone'),
      email: text('email'),
      message: text('message'),
      seller: text('seller'),
      // A ticked checkbox is posted, an unticked one is not.
      quote: text('quote') !== '',
      testDrive: text('testDrive') !== '',
    },
    errors: Object.fromEntries(FIELDS.filter((field) => posted.badFields.includes(field)).map((f) => [f, true])),
    // Refused fields show beside the fields; a send that failed shows the form's failure (or the limit's) text.
    status: posted.outcome === 'failed' ? 'error' : 'idle',
    waitMessage: posted.message ?? null,
  };
}

const emptyValues = (): Initial['values'] => ({
  name: '',
  phone: '',
  email: '',
  message: '',
  seller: '',
  quote: false,
  testDrive: false,
});

/**
 * What the form posts beside the shopper's fields (the form, its id, the page, the car), outside the island
 * and tied to its form by `form=`: the island renders and ships none of it.
 */
export function ContactHiddenFields({ post, car }: { post: LeadFormPost; car: CarContactProps['car'] }) {
  const hidden: [string, string][] = [
    [LEAD_FORM_HIDDEN.formName, CAR_CONTACT_FORM_NAME],
    [LEAD_FORM_HIDDEN.formSubmissionId, post.submissionId],
    [LEAD_FORM_HIDDEN.returnTo, post.returnTo],
    [LEAD_FORM_HIDDEN.anchor, post.anchor],
    ['carId', car.carId],
    ['siteName', car.siteName],
    ...(car.carIsSample ? [['carIsSample', 'true'] as [string, string]] : []),
  ];
  return hidden.map(([name, value]) => (
    <input key={name} type="hidden" form={CAR_CONTACT_FORM_ID} name={name} value={value} />
  ));
}
