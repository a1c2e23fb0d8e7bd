import { randomUUID } from 'node:crypto';
import type { LeadFormPost } from '../../contracts/leadFormPost.js';
import { usePage } from '../PageContext.js';

/**
 * What a lead form on this page needs to post without scripts: a submission id of the server's (a double tap
 * or a resent post carries it again: one lead), this page to come back to, the element to open at, and the
 * answer to this form's last post when the page is that answer (server/api/leadFormRoutes.ts).
 */
export function useLeadFormPost(formName: string, anchor: string): LeadFormPost {
  const { path, postedForm } = usePage();
  return {
    submissionId: randomUUID(),
    returnTo: path,
    anchor,
    ...(postedForm?.formName === formName ? { posted: postedForm } : {}),
  };
}
