import { z } from 'zod';
import { TirehotelConfirmation, TirehotelCustomer, TirehotelValidated } from '../../../contracts/upstream/tirehotel.js';

/**
 * What a reload keeps (part 2 §2.5), in sessionStorage under `tirehotel`: the customer found, the
 * validated answer, the last confirmation and whether its rating was sent (a reload of the
 * confirmation must not offer the rating again). The spec's 'credentials' are left out on purpose:
 * the tokens live in HttpOnly cookies the BFF sets, so no script (nor this storage) ever holds one.
 * Strict objects: a stored value with any other key (a token among them) is not read back.
 */
export const STORAGE_KEY = 'tirehotel';

export const StoredFlow = z.strictObject({
  customer: TirehotelCustomer.strict().nullable(),
  validated: TirehotelValidated.omit({ authorizationToken: true }).strict().nullable(),
  confirmation: TirehotelConfirmation.strict().nullable(),
  rated: z.boolean().optional(),
});
export type StoredFlow = z.infer<typeof StoredFlow>;
export const EMPTY_FLOW: StoredFlow = { customer: null, validated: null, confirmation: null };

export type Step = 'search' | 'login' | 'validate' | 'loggedIn' | 'booking' | 'confirmation';

/** Logged in is the validated status 0 (part 2 §6). */
export const isLoggedIn = (flow: StoredFlow): boolean =>
  flow.validated?.status === 0 && flow.validated.vehicles.length > 0;

/** Where a reload lands: the confirmation, else logged in, else the code request of the customer found, else Search. */
export function restoredStep(flow: StoredFlow): Step {
  if (flow.confirmation && isLoggedIn(flow)) return 'confirmation';
  if (isLoggedIn(flow)) return 'loggedIn';
  return flow.customer ? 'login' : 'search';
}

/** A stored validated status 0 jumps from Search, Login or Validate straight to LoggedIn (part 2 §2.5). */
export function guardedStep(step: Step, flow: StoredFlow): Step {
  if ((step === 'search' || step === 'login' || step === 'validate') && isLoggedIn(flow)) return 'loggedIn';
  if ((step === 'loggedIn' || step === 'booking') && !isLoggedIn(flow)) return 'search';
  if (step === 'confirmation' && !flow.confirmation) return isLoggedIn(flow) ? 'loggedIn' : 'search';
  return step;
}
