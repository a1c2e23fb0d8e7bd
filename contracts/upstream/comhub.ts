import { z } from 'zod';

/**
 * Contract of the forms hub 'comhub' (part 1 §7, part 2 §3.2, §7): `POST /forms`.
 *
 * The hub accepts any form by name; what each form must hold is checked by the BFF per known
 * form. Success is 202 (part 2 §4.2) with the formSubmissionId echoed (designed here). The hub
 * does not deduplicate: every accepted post is a new lead, so the BFF must not send one twice.
 * Errors answer `{ message }`.
 */

export const ComhubErrorBody = z.object({ message: z.string() });
export type ComhubErrorBody = z.infer<typeof ComhubErrorBody>;

/** A form value: text, number, flag, a list of names (services), or empty. */
export const FormValue = z.union([
  z.string().max(5000),
  z.number().finite(),
  z.boolean(),
  z.array(z.string().max(500)).max(50),
  z.null(),
]);
export type FormValue = z.infer<typeof FormValue>;

export const FormSubmission = z.object({
  /** e.g. `BilcenterSellCarForm`, `ServiceBookingForm`. */
  formName: z.string().regex(/^[A-Za-z0-9 _.-]{1,100}$/, 'expected a form name'),
  /** Chosen by the browser (a UUID), the same on every retry of one submission. */
  formSubmissionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'expected a submission id'),
  values: z
    .record(z.string().regex(/^[A-Za-z0-9_]{1,50}$/), FormValue)
    .refine((values) => Object.keys(values).length <= 60, 'too many values'),
});
export type FormSubmission = z.infer<typeof FormSubmission>;

export const FormAccepted = z.object({ formSubmissionId: z.string() });
export type FormAccepted = z.infer<typeof FormAccepted>;
