import { createHash } from 'node:crypto';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { parseCookie } from 'cookie';
import type { Logger } from 'pino';
import { ApiError } from '../http/apiError.js';
import { POSTED_FORM_COOKIE } from '../http/personalCookies.js';
import { safeLocation } from '../http/safeLocation.js';
import { sameOriginForUnsafeMethods } from '../markets/originCheck.js';
import { UpstreamError } from '../upstream/upstreamError.js';
import { FormSubmission } from '../../contracts/upstream/comhub.js';
import { withoutTrailingSlashes } from '../../contracts/pagePath.js';
import {
  KEEP_FORM_POST_PATH,
  LEAD_FORM_HIDDEN,
  LEAD_FORM_POST_PATH,
  type PostedForm,
} from '../../contracts/leadFormPost.js';
import { countOrRefuse, type RequestLimits } from '../security/rateLimits.js';
import { knownFormOf, type LeadSender } from './leadSender.js';
import { POSTED_FORM_TTL_MS, type PostedForms, type PostedRecord } from './postedForms.js';
import { typedFields, valuesFromPost } from './postedValues.js';

const ANCHOR = /^[A-Za-z0-9_-]{1,64}$/;
const KEPT_FORM_NAME = /^[A-Za-z]{1,50}$/;
/** How often a post waits for the same lead's first post (a double tap) to be answered. */
const IN_PROGRESS_POLL_MS = 250;

export interface LeadFormRouteOptions {
  secureCookies: boolean;
  /** The longest a lead's send may take (the hub's deadline): a double tap waits for the first tap's answer that long. */
  sendDeadlineMs: number;
  logger: Logger;
  /** The per-client limits: a form kept for its island counts as a lead post. */
  limits: RequestLimits;
}

/**
 * `POST /forms/lead`: a lead form sent without scripts. The same checks and send as the JSON route (the one
 * lead sender), the same guard against other sites' posts; the answer is a 303 back to the form's page, which
 * shows the thank-you card or the form again with its errors and values (Post/Redirect/Get). Those travel
 * under a one-time token in a cookie, never in the address.
 */
export function leadFormRoutes(leads: LeadSender, posted: PostedForms, options: LeadFormRouteOptions): Router {
  const router = Router();
  const fields = express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 100 });
  router.post(LEAD_FORM_POST_PATH, sameOriginForUnsafeMethods, fields, async (req, res) => {
    const { hidden, body, returnTo } = postOf(req, res);
    const answer = await postLead(req, res, leads, hidden, typedFields(body), options);
    await answerWith(res, posted, { path: returnTo, posted: answer }, hidden(LEAD_FORM_HIDDEN.anchor), options);
  });
  // A form only its island can send (the tire hotel's search), posted before the island woke: its values are kept
  // for the island, nothing is sent. Counted as a lead post: each one stores what was typed for a while.
  router.post(KEEP_FORM_POST_PATH, sameOriginForUnsafeMethods, fields, async (req, res) => {
    const { hidden, body, returnTo } = postOf(req, res);
    const formName = hidden(LEAD_FORM_HIDDEN.formName);
    if (!KEPT_FORM_NAME.test(formName)) throw new ApiError(400, 'bad_request', 'Invalid request: body.formName');
    await countOrRefuse(res, options.limits.limiters.leadsPerClient, options.limits.clientKey(req), 'limit.tooMany');
    const kept: PostedForm = { formName, outcome: 'kept', values: typedFields(body), badFields: [] };
    await answerWith(res, posted, { path: returnTo, posted: kept }, hidden(LEAD_FORM_HIDDEN.anchor), options);
  });
  return router;
}

/** A form post's fields and the page it came from (a path of this site, whatever was sent). */
function postOf(req: Request, res: Response) {
  res.set('Cache-Control', 'no-store');
  const body = (req.body ?? {}) as Record<string, unknown>;
  const hidden = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
  const returnTo = withoutTrailingSlashes(safeLocation(hidden(LEAD_FORM_HIDDEN.returnTo)).split('?')[0]!);
  return { body, hidden, returnTo };
}

/** Post/Redirect/Get: the answer kept under a one-time token in the shopper's cookie, and a 303 back to the page. */
async function answerWith(
  res: Response,
  posted: PostedForms,
  record: PostedRecord,
  anchor: string,
  options: LeadFormRouteOptions,
): Promise<void> {
  const token = await posted.keep(record);
  res.cookie(POSTED_FORM_COOKIE, token, {
    httpOnly: true,
    secure: options.secureCookies,
    sameSite: 'lax',
    path: '/',
    maxAge: POSTED_FORM_TTL_MS,
  });
  res
    .status(303)
    .setHeader('Location', record.path + (ANCHOR.test(anchor) ? `#${anchor}` : ''))
    .end();
}

async function postLead(
  req: Request,
  res: Response,
  leads: LeadSender,
  hidden: (name: string) => string,
  typed: Record<string, string | string[]>,
  options: LeadFormRouteOptions,
): Promise<PostedForm> {
  const formName = hidden(LEAD_FORM_HIDDEN.formName);
  // An unknown form or a broken id is not a shopper's mistake (the server wrote both): refused as the JSON route does.
  const form = knownFormOf(res, formName);
  const givenId = hidden(LEAD_FORM_HIDDEN.formSubmissionId);
  if (!FormSubmission.shape.formSubmissionId.safeParse(givenId).success)
    throw new ApiError(400, 'bad_request', 'Invalid request: body.formSubmissionId: expected a submission id');
  const values = valuesFromPost(typed, form.posted, res.locals.market.dateFormat);
  const submission = { formName, formSubmissionId: leadIdOf(givenId, formName, values), values };
  const until = Date.now() + options.sendDeadlineMs;
  for (;;) {
    try {
      await leads.send(req, res, submission);
      return { formName, outcome: 'sent' };
    } catch (err) {
      // A double tap: the first post is still being sent; its answer is this one's.
      if (err instanceof ApiError && err.code === 'submission_in_progress' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_POLL_MS));
        continue;
      }
      return refusal(err, formName, typed, options.logger, req);
    }
  }
}

/** Why a post was not sent, for the form to show with the values kept; anything unforeseen is thrown on. */
function refusal(
  err: unknown,
  formName: string,
  values: Record<string, string | string[]>,
  logger: Logger,
  req: Request,
): PostedForm {
  if (!(err instanceof ApiError)) throw err;
  if (err.status === 400) return { formName, outcome: 'invalid', values, badFields: badFieldsOf(err) };
  if (!(err instanceof UpstreamError) && err.status !== 429 && err.status !== 409 && err.status !== 503) throw err;
  // The form, not the log, holds what was typed: the line names the form and the failure alone.
  logger.warn({ requestId: req.id, formName, code: err.code, status: err.status }, 'lead form post not sent');
  const waitForIt = err.status === 429 || err.code === 'submission_unconfirmed';
  return { formName, outcome: 'failed', values, badFields: [], ...(waitForIt ? { message: err.message } : {}) };
}

/** The value fields a 400 named: `body.values.services.1` is the field `services`. */
function badFieldsOf(err: ApiError): string[] {
  const issues = (err.details.issues ?? []) as { path: string }[];
  const fields = issues.flatMap(({ path }) => (path.startsWith('body.values.') ? [path.split('.')[2]!] : []));
  return [...new Set(fields)];
}

/**
 * The lead's id for the hub: the id the server wrote into the form joined with what was typed. A page the
 * cache keeps carries one id for everyone who got that copy; joined, a double tap or a resent post (the same
 * id, the same values) is one lead, and two shoppers' posts stay two leads with ids of their own.
 */
function leadIdOf(givenId: string, formName: string, values: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([givenId, formName, values]))
    .digest('base64url')
    .slice(0, 32);
}

/**
 * Before the pages: a page asked with the posted-form cookie gets that answer (res.locals.postedForm) when it
 * is the page the form was posted from, and the answer is then forgotten, so a reload shows the form afresh.
 */
export function postedFormOfPage(posted: PostedForms, secureCookies: boolean): RequestHandler {
  return async (req, res, next) => {
    const token = req.headers.cookie ? parseCookie(req.headers.cookie)[POSTED_FORM_COOKIE] : undefined;
    if (token === undefined || req.method !== 'GET') return next();
    const record = await posted.read(token);
    if (record && record.path !== withoutTrailingSlashes(req.path)) return next();
    if (record) {
      res.locals.postedForm = record.posted;
      await posted.forget(token);
    }
    res.clearCookie(POSTED_FORM_COOKIE, { httpOnly: true, secure: secureCookies, sameSite: 'lax', path: '/' });
    next();
  };
}
