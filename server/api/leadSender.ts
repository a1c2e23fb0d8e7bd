import type { Request, Response } from 'express';
import { z } from 'zod';
import type { SearchCache } from '../searchCache/searchCache.js';
import { SubmissionLedger } from '../searchCache/submissionLedger.js';
import type { RedisConnection } from '../store/redisConnection.js';
import { callContextOf, writeContextOf } from '../upstream/callContext.js';
import { ApiError } from '../http/apiError.js';
import { validate } from '../http/validate.js';
import type { ComhubClient } from '../upstream/comhubClient.js';
import type { FormAccepted, FormSubmission } from '../../contracts/upstream/comhub.js';
import { withRecipients } from './formRecipients.js';
import { KNOWN_FORMS, type KnownForm } from './formSchemas.js';
import { oncePerKey, writeKey } from './oncePerKey.js';
import { countOrRefuse, type RequestLimits } from '../security/rateLimits.js';

/**
 * The one way a lead reaches the forms hub, whichever door it came in by (the JSON route the islands use,
 * the form post that works without scripts): the form's own schema, the recipients looked up here, the
 * client's lead limit, and the hub once per submission id.
 */
export interface LeadSender {
  /** The forms' ledger (its bytes are reported with the bookings'). */
  ledger: SubmissionLedger;
  send(req: Request, res: Response, submission: FormSubmission): Promise<FormAccepted>;
}

export function createLeadSender(deps: {
  comhub: ComhubClient;
  redis: RedisConnection;
  limits: RequestLimits;
  searchCache: SearchCache;
  ledgerBytes: number;
  writeDeadlineMs: number;
}): LeadSender {
  const ledger = new SubmissionLedger(deps.redis, {
    maxBytes: deps.ledgerBytes,
    writeDeadlineMs: deps.writeDeadlineMs,
  });
  return {
    ledger,
    async send(req, res, body) {
      const form = knownFormOf(res, body.formName);
      const checked = validate(
        z.object({ body: z.object({ values: form.values }) }),
        { body: { values: body.values } },
        'request',
      ).body.values;
      const values = await withRecipients(
        form.kind,
        checked as typeof body.values,
        deps.searchCache,
        res,
        callContextOf(req, res),
      );
      // A valid lead counts against its client before anything is sent (a flood of leads is refused here, not at the hub).
      await countOrRefuse(res, deps.limits.limiters.leadsPerClient, deps.limits.clientKey(req), 'limit.tooMany');
      const submission = { ...body, values: values as typeof body.values };
      const write = () => deps.comhub.submit(submission, writeContextOf(req, res));
      const key = writeKey(body.formSubmissionId, `${res.locals.market.id}:${body.formName}`, checked);
      return oncePerKey(ledger, key, write, { t: res.locals.t });
    },
  };
}

/** The form a formName means on this host's site, or the 400 / 404 saying why there is none. */
export function knownFormOf(res: Response, formName: string): KnownForm {
  const form = KNOWN_FORMS.find((known) => known.matches(formName));
  if (!form) {
    throw new ApiError(400, 'bad_request', `Invalid request: body.formName: unknown form ${formName}`, {
      issues: [{ path: 'body.formName', message: 'unknown form' }],
    });
  }
  if (form.feature && !res.locals.market.features[form.feature])
    throw new ApiError(404, 'not_found', `The form ${formName} is not offered on this site`);
  // A site-named form belongs to one market: another site's lead must not enter the hub under this host.
  if (form.nameOnSite && form.nameOnSite(res.locals.market) !== formName) {
    throw new ApiError(400, 'bad_request', `Invalid request: body.formName: ${formName} is not a form of this site`, {
      issues: [{ path: 'body.formName', message: `expected ${form.nameOnSite(res.locals.market)}` }],
    });
  }
  return form;
}
