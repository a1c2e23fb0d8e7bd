/**
 * A lead form sent without scripts (issue 49): the form posts its fields URL-encoded to the BFF, which answers
 * with a redirect back to the page (Post/Redirect/Get). What the page then shows (the thank-you card, or the
 * form again with its errors and values) travels as a PostedForm, kept on the server under a one-time token,
 * never in the address. Shared by the BFF (server/api/leadFormRoutes.ts) and the forms (client/forms/).
 */

/** The contact form's element id: the car page writes its hidden fields outside the island, tied by `form=`. */
export const CAR_CONTACT_FORM_ID = 'car-contact-form';

/** Where every lead form posts. Not under /api: its answers are pages (a 303), not JSON. */
export const LEAD_FORM_POST_PATH = '/forms/lead';

/**
 * Where a form that needs its island (the tire hotel's search) posts when sent before its script woke: what was
 * typed is kept for the island (outcome `kept`) and the page comes back, nothing sent anywhere.
 */
export const KEEP_FORM_POST_PATH = '/forms/keep';

/** The tire hotel's search form: its id (the page writes its hidden fields, tied by `form=`) and its name when kept. */
export const TIRE_HOTEL_SEARCH_FORM_ID = 'tirehotel-search';
export const TIRE_HOTEL_SEARCH_FORM_NAME = 'TireHotelSearch';

/** The hidden fields the server writes into each lead form, beside the form's own fields. */
export const LEAD_FORM_HIDDEN = {
  formName: 'formName',
  formSubmissionId: 'formSubmissionId',
  /** The page to come back to (its public path). */
  returnTo: 'returnTo',
  /** The id of the form's section on that page, so the answer opens where the form is. */
  anchor: 'anchor',
} as const;

/** A typed value as the form posted it: one text, or several for a field with many choices. */
export type PostedValue = string | string[];

export type PostedForm =
  | { formName: string; outcome: 'sent' }
  | {
      formName: string;
      /**
       * `invalid`: the form's schema refused fields (`badFields`); `failed`: it could not be sent now; `kept`: a
       * form that only its island can send, posted before the island woke (KEEP_FORM_POST_PATH).
       */
      outcome: 'invalid' | 'failed' | 'kept';
      values: Record<string, PostedValue>;
      badFields: string[];
      /** The server's own text for a refusal asking the shopper to wait (a limit), in the page's language. */
      message?: string;
    };

/** What a server-rendered lead form is given to post without scripts. */
export interface LeadFormPost {
  /** Minted by the server for this form: a double tap or a resent POST carries it again, so one lead is made. */
  submissionId: string;
  returnTo: string;
  anchor: string;
  /** The answer to this form's last post, shown once. */
  posted?: PostedForm;
}
