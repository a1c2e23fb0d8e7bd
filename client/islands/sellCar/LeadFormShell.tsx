import { useRef, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '../../forms/fields.js';
import type { SubmitStatus } from '../../forms/useFormsHubSubmit.js';
import { LEAD_FORM_HIDDEN, LEAD_FORM_POST_PATH, type LeadFormPost } from '../../../contracts/leadFormPost.js';

/**
 * The form posts to the BFF (contracts/leadFormPost.ts) when no script has taken it over: before the island
 * wakes, or without scripts. The island sends the same fields itself and never lets the browser post.
 *
 * What every lead form around its fields shows: the required note, the failure text (values stay; above the
 * fields when the form's own check stopped the submit, by the button when the send failed),
 * the submit button (disabled while sending), a footnote; and instead of all that, once sent, the
 * success card.
 */
export function LeadFormShell({
  formName,
  post,
  checkFailure,
  status,
  checkFailed = false,
  failedChecks = 0,
  waitMessage = null,
  onSubmit,
  labels,
  footnote,
  children,
  className,
}: {
  formName: string;
  /** What the server wrote for posting without scripts (its id, the page to come back to). */
  post?: LeadFormPost | undefined;
  /** The text of a submit the form's check stopped (which fields to fill in); `labels.failure` without it. */
  checkFailure?: string;
  status: SubmitStatus;
  /**
   * The failure is the form's own check (nothing sent, part 2 §5.2): the text shows at the top of the form, in view
   * beside the first field to fix, which has the focus; a failed send's text shows by the button, and takes the focus.
   */
  checkFailed?: boolean;
  /** How many submits the check stopped (useFormsHubSubmit): each brings the text into view again. */
  failedChecks?: number;
  /** The server asked the shopper to wait (useFormsHubSubmit): its text, shown instead of `labels.failure`. */
  waitMessage?: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  labels: {
    requiredNote: string;
    submit: string;
    submitting: string;
    failure: string;
    successTitle: string;
    successText: string;
  };
  footnote?: string;
  children: ReactNode;
  className: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  if (status === 'success') {
    return (
      <div className={`lead-form__success-card ${className}__success`}>
        <FormAlert kind="success">
          <strong className="lead-form__success-title">{labels.successTitle}</strong>
          <p>{labels.successText}</p>
        </FormAlert>
      </div>
    );
  }
  const sending = status === 'sending';
  return (
    <form
      ref={formRef}
      className={`lead-form ${className}`}
      method="post"
      action={LEAD_FORM_POST_PATH}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={sending || undefined}
    >
      {post && (
        <>
          <input type="hidden" name={LEAD_FORM_HIDDEN.formName} value={formName} />
          <input type="hidden" name={LEAD_FORM_HIDDEN.formSubmissionId} value={post.submissionId} />
          <input type="hidden" name={LEAD_FORM_HIDDEN.returnTo} value={post.returnTo} />
          <input type="hidden" name={LEAD_FORM_HIDDEN.anchor} value={post.anchor} />
        </>
      )}
      <p className="lead-form__note">{labels.requiredNote}</p>
      {status === 'failed' && checkFailed && (
        <FormAlert key={failedChecks} kind="error" focus={false} reveal>
          {checkFailure ?? labels.failure}
        </FormAlert>
      )}
      {children}
      {status === 'failed' && !checkFailed && <FormAlert kind="error">{waitMessage ?? labels.failure}</FormAlert>}
      <button type="submit" className="button lead-form__submit" disabled={sending}>
        {sending ? labels.submitting : labels.submit}
      </button>
      {footnote && <p className="lead-form__footnote">{footnote}</p>}
    </form>
  );
}
