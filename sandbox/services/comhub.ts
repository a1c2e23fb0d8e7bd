import express, { type Router } from 'express';
import { FormSubmission, type ComhubErrorBody, type FormAccepted } from '../../contracts/upstream/comhub.js';
import type { SandboxContext } from '../context.js';
import { parseInput } from './parseInput.js';

/** The forms hub: accepts every valid submission (it does not deduplicate) and records its id for tests. */
export function comhubService(ctx: SandboxContext): Router {
  const router = express.Router();
  router.post('/forms', (req, res) => {
    const body = parseInput(FormSubmission, req.body);
    if (!body.ok)
      return void res
        .status(400)
        .json({ message: `Invalid form submission: ${body.summary}` } satisfies ComhubErrorBody);
    ctx.stats.comhubSubmissions.push(body.data.formSubmissionId);
    ctx.stats.comhubForms.push(body.data);
    res.status(202).json({ formSubmissionId: body.data.formSubmissionId } satisfies FormAccepted);
  });
  return router;
}
