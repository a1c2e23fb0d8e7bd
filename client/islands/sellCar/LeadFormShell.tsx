import { useRef, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '../../forms/fields.js';
import type { SubmitStatus } from '../../forms/useFormsHubSubmit.js';

/**
 * What every lead form around its fields shows: the required note, the failure text (values stay),
 * the submit button (disabled while sending), a footnote; and instead of all that, once sent, the
 * success card.
 */
export function LeadFormShell({
  status,
  checkFailed = false,
  waitMessage = null,
  onSubmit,
  labels,
  footnote,
  children,
  className,
}: {
  status: SubmitStatus;
  /** The failure is the form's own check (nothing sent): the text shows, the focus goes to the first field to fix. */
  checkFailed?: boolean;
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
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={sending || undefined}
    >
      <p className="lead-form__note">{labels.requiredNote}</p>
      {children}
      {status === 'failed' && (
        <FormAlert kind="error" focus={!checkFailed}>
          {waitMessage ?? labels.failure}
        </FormAlert>
      )}
      <button type="submit" className="button lead-form__submit" disabled={sending}>
        {sending ? labels.submitting : labels.submit}
      </button>
      {footnote && <p className="lead-form__footnote">{footnote}</p>}
    </form>
  );
}
