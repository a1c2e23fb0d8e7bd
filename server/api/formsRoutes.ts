import { Router } from 'express';
import { FormAccepted, FormSubmission } from '../../contracts/upstream/comhub.js';
import { addRoute, operation, parseRequest } from './apiOperation.js';
import type { LeadSender } from './leadSender.js';

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
      'one still being sent answers 409 submission_in_progress, and one whose earlier attempt may have reached the hub (no answer in time) 409 submission_unconfirmed for a minute; ' +
      'one whose formSubmissionId Redis cannot record (a failover, an outage) answers 503 submission_unrecorded with Retry-After rather than risk a second lead. ' +
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

/** `/api/forms/comhub`: the islands' door to the one lead sender (server/api/leadSender.ts). */
export function formsRoutes(leads: LeadSender): Router {
  const router = Router();
  const op = formsOperations.comhub;
  addRoute(router, op, async (req, res) => {
    const { body } = parseRequest(op, req);
    res.set('Cache-Control', 'no-store');
    res.status(202).json(await leads.send(req, res, body));
  });
  return router;
}
