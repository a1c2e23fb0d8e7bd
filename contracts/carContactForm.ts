/**
 * The car page's contact form's name, in a file of its own: the car page's island imports it and nothing else of
 * the contracts (not contracts/forms.ts, which loads zod, nor contracts/leadFormPost.ts, which other islands share
 * and which would become a chunk of its own on the car page, over its JavaScript budget).
 */
export const CAR_CONTACT_FORM_NAME = 'CarDetailContactForm';
