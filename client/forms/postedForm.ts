import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { LeadFormPost, PostedForm, PostedValue } from '../../contracts/leadFormPost.js';
import type { SubmitStatus } from './useFormsHubSubmit.js';

/** A post's answer that brought the form back: what was typed and what was refused. */
type Returned = Exclude<PostedForm, { outcome: 'sent' }>;
const returned = (post: LeadFormPost | undefined): Returned | undefined =>
  post?.posted && post.posted.outcome !== 'sent' ? post.posted : undefined;

/** What the shopper typed before the post, as the fields' first values (server and browser render them alike). */
export function postedValues(post: LeadFormPost | undefined): Record<string, PostedValue> {
  return returned(post)?.values ?? {};
}

/** The text a posted field shows again ('' when it was not posted). */
export function postedText(post: LeadFormPost | undefined, field: string): string {
  const value = postedValues(post)[field];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** The fields the server refused, as the form's first errors: marked before any script runs, and kept once it does. */
export function postedErrors<T extends FieldValues>(post: LeadFormPost | undefined): FieldErrors<T> | undefined {
  const bad = returned(post)?.badFields ?? [];
  if (bad.length === 0) return undefined;
  return Object.fromEntries(bad.map((field) => [field, { type: 'server', message: '' }])) as FieldErrors<T>;
}

/** Where the send stands when the page comes back from a post: sent, or failed (the form's check or the send). */
export function postedStatus(post: LeadFormPost | undefined): {
  status: SubmitStatus;
  checkFailed: boolean;
  waitMessage: string | null;
} {
  const posted = post?.posted;
  if (!posted || posted.outcome === 'kept') return { status: 'unset', checkFailed: false, waitMessage: null };
  if (posted.outcome === 'sent') return { status: 'success', checkFailed: false, waitMessage: null };
  return { status: 'failed', checkFailed: posted.outcome === 'invalid', waitMessage: posted.message ?? null };
}
