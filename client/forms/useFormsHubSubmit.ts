import { useCallback, useRef, useState } from 'react';
import { pushToDataLayer, type MarketCurrency } from '../analytics/dataLayer.js';
import { sendToFormsHub } from './sendToFormsHub.js';
import { useSubmissionId } from './useSubmissionId.js';

/** Part 2 §4.2: unset, then success (202) or failed; 'sending' while an attempt is under way. */
export type SubmitStatus = 'unset' | 'sending' | 'success' | 'failed';

/**
 * A lead form's send: one formSubmissionId for the form's whole life (retries and double clicks reuse
 * it), one send at a time, the status, and the analytics (form_interaction start/submit/success/error,
 * and a purchase with the submission id as transaction, the market's currency, value 0 on success). A failure is logged.
 * `send` resolves to the value fields a 400 named, for the form to mark; `waitMessage` is the text of
 * a refusal asking the shopper to wait (a limit's 429, a maybe-arrived lead's 409), which the form
 * shows instead of its own failure text until the next submit.
 */
export function useFormsHubSubmit(
  formName: string,
  currency: MarketCurrency,
  /** Where the page came back from a post without scripts (client/forms/postedForm.ts postedStatus). */
  initial: { status: SubmitStatus; checkFailed: boolean; waitMessage: string | null } = {
    status: 'unset',
    checkFailed: false,
    waitMessage: null,
  },
) {
  const submission = useSubmissionId();
  const [status, setStatus] = useState<SubmitStatus>(initial.status);
  // Failed at the form's own check (nothing sent): the first field to fix gets focus, not the failure text.
  const [checkFailed, setCheckFailed] = useState(initial.checkFailed);
  /** How many submits the form's own check stopped: each shows its failure anew (LeadFormShell). */
  const [failedChecks, setFailedChecks] = useState(initial.checkFailed ? 1 : 0);
  const [waitMessage, setWaitMessage] = useState<string | null>(initial.waitMessage);
  const sending = useRef(false);
  const started = useRef(false);

  const interacted = useCallback(() => {
    if (started.current) return;
    started.current = true;
    pushToDataLayer({ event: 'form_interaction', form_name: formName, action: 'start' });
  }, [formName]);

  const send = useCallback(
    async (values: Record<string, unknown>): Promise<string[]> => {
      if (sending.current) return [];
      sending.current = true;
      setCheckFailed(false);
      setStatus('sending');
      pushToDataLayer({ event: 'form_interaction', form_name: formName, action: 'submit' });
      const formSubmissionId = submission.id();
      const outcome = await sendToFormsHub({ formName, formSubmissionId, values });
      sending.current = false;
      setWaitMessage(outcome.waitMessage);
      setStatus(outcome.status);
      if (outcome.status === 'success') {
        pushToDataLayer({ event: 'form_interaction', form_name: formName, action: 'success' });
        pushToDataLayer({
          event: 'purchase',
          ecommerce: { transaction_id: formSubmissionId, currency, value: 0 },
        });
      } else {
        pushToDataLayer({ event: 'form_interaction', form_name: formName, action: 'error' });
        console.error(`${formName} not sent`, {
          formSubmissionId,
          badFields: outcome.badFields,
          toldToWait: outcome.waitMessage !== null,
        });
      }
      return outcome.badFields;
    },
    [formName, currency, submission],
  );

  /** A submit the form's own check stopped: failed too (part 2 §5.2), until the next send; values are never reset here. */
  const failed = useCallback(() => {
    setCheckFailed(true);
    setFailedChecks((n) => n + 1);
    setWaitMessage(null);
    setStatus('failed');
  }, []);
  return { status, checkFailed, failedChecks, waitMessage, send, interacted, failed };
}
