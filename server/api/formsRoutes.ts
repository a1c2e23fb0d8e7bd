import { Router } from 'express';
import { z } from 'zod';
import type { SearchCache } from '../cache/searchCache.js';
import type { SubmissionLedger } from '../cache/submissionLedger.js';
import { callContextOf, writeContextOf } from '../upstream/callContext.js';
import { ApiError } from '../http/apiError.js';
import { validate } from '../http/validate.js';
import type { ComhubClient } from '../upstream/comhubClient.js';
import { FormAccepted, FormSubmission } from '../../contracts/upstream/comhub.js';
import { addRoute, operation, parseRequest } from './apiOperation.js';
import { withRecipients } from './formRecipients.js';
import { KNOWN_FORMS } from './formSchemas.js';
import { oncePerKey, writeKey } from './oncePerKey.js';
import { countOrRefuse, type RequestLimits } from '../security/rateLimits.js';

export const formsOperations = {
  comhub: operation({
    tag: 'forms',
    method: 'post',
    path: '/forms/comhub',
    summary: 'Send a lead form to the forms hub',
    description:
      "formName is one of {siteName}SellCarForm and {siteName}SellCarShortForm (the market's own site name, e.g. Hedin AutomotiveSellCarForm on se; another market's answers 400), " +
      'ServiceBookingForm (markets with the service-request form: no) and CarDetailContactForm; values as in the FormValues schemas ' +
      '(no recipient address: the BFF looks it up by siteId, carId and seller). A formSubmissionId delivered in the last 24 h is not sent again (answers 202 again); ' +
      'one still being sent answers 409 submission_in_progress, and one whose earlier attempt may have reached the hub (no answer in time) 409 submission_unconfirmed for a minute. ' +
      'Submissions are limited per client.',
    body: FormSubmission,
    response: {
      status: 202,
      schema: FormAccepted,
      description: 'Accepted by the forms hub (or delivered before under this formSubmissionId)',
      example: { formSubmissionId: '3f1c1e0a-8d5b-4d0e-9a53-0c4f5b2e7a10' },
    },
    example: () => ({
      body: {
        formName: 'CarDetailContactForm',
        formSubmissionId: `example-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`,
        values: {
          name: 'Kim',
          phone: '0701234567',
          email: 'kim@example.se',
          message: 'Finns den kvar?',
          quote: true,
          testDrive: false,
        },
      },
    }),
  }),
};

/** `/api/forms/comhub`: per-form validation, then the hub once per formSubmissionId. */
export function formsRoutes(
  comhub: ComhubClient,
  ledger: SubmissionLedger,
  limits: RequestLimits,
  searchCache: SearchCache,
): Router {
  const router = Router();
  const op = formsOperations.comhub;
  addRoute(router, op, async (req, res) => {
    const { body } = parseRequest(op, req);
    const form = KNOWN_FORMS.find((known) => known.matches(body.formName));
    if (!form) {
      throw new ApiError(400, 'bad_request', `Invalid request: body.formName: unknown form ${body.formName}`, {
        issues: [{ path: 'body.formName', message: 'unknown form' }],
      });
    }
    if (form.feature && !res.locals.market.features[form.feature])
      throw new ApiError(404, 'not_found', `The form ${body.formName} is not offered on this site`);
    // A site-named form belongs to one market: another site's lead must not enter the hub under this host.
    if (form.nameOnSite && form.nameOnSite(res.locals.market) !== body.formName) {
      throw new ApiError(
        400,
        'bad_request',
        `Invalid request: body.formName: ${body.formName} is not a form of this site`,
        {
          issues: [{ path: 'body.formName', message: `expected ${form.nameOnSite(res.locals.market)}` }],
        },
      );
    }
    const checked = validate(
      z.object({ body: z.object({ values: form.values }) }),
      { body: { values: body.values } },
      'request',
    ).body.values;
    const values = await withRecipients(
      form.kind,
      checked as typeof body.values,
      searchCache,
      res,
      callContextOf(req, res),
    );

    res.set('Cache-Control', 'no-store');
    // A valid lead counts against its client before anything is sent (a flood of leads is refused here, not at the hub).
    await countOrRefuse(res, limits.limiters.leadsPerClient, limits.clientKey(req), 'limit.tooMany');
    const submission = { ...body, values: values as typeof body.values };
    const send = () => comhub.submit(submission, writeContextOf(req, res));
    const key = writeKey(body.formSubmissionId, `${res.locals.market.id}:${body.formName}`, checked);
    res.status(202).json(await oncePerKey(ledger, key, send, { t: res.locals.t }));
  });
  return router;
}
