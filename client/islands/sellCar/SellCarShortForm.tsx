import { SellCarShortValuesSchema, type SellCarOption } from '../../../contracts/forms.js';
import { postedErrors, postedStatus, postedText } from '../../forms/postedForm.js';
import { useFormsHubSubmit } from '../../forms/useFormsHubSubmit.js';
import { useSchemaForm } from '../../forms/useSchemaForm.js';
import { LeadFormShell } from './LeadFormShell.js';
import { SellCarContactFields } from './SellCarContactFields.js';
import { focusFirstError, markServerErrors } from './serverErrors.js';
import { checkFailureText, type SellCarFormProps } from './sellCarLabels.js';

const FIELDS = ['customerName', 'customerPhone', 'customerEmail', 'option'] as const;

/** The short sell-car form (part 2 §2.2): name, phone, e-mail and the choice; SellCarShortValuesSchema. */
export function SellCarShortForm({ formName, labels, currency, post }: SellCarFormProps) {
  const typed = (field: string) => postedText(post, field);
  const form = useSchemaForm(SellCarShortValuesSchema, {
    // What was posted without scripts, when the page came back with errors (the fields render it too).
    defaultValues: {
      customerName: typed('customerName'),
      customerPhone: typed('customerPhone'),
      customerEmail: typed('customerEmail'),
      ...(typed('option') ? { option: typed('option') as SellCarOption } : {}),
    },
    errors: postedErrors(post),
  });
  const hub = useFormsHubSubmit(formName, currency, postedStatus(post));
  const { errors } = form.formState;
  const error = (field: keyof typeof labels.errors) =>
    errors[field as keyof typeof errors] ? labels.errors[field] : undefined;

  const onSubmit = form.handleSubmit(
    async (values) => markServerErrors(form, await hub.send(values), FIELDS),
    focusFirstError(form, FIELDS, hub.failed),
  );

  return (
    <LeadFormShell
      formName={formName}
      post={post}
      checkFailure={checkFailureText(labels, FIELDS, errors)}
      status={hub.status}
      checkFailed={hub.checkFailed}
      failedChecks={hub.failedChecks}
      waitMessage={hub.waitMessage}
      onSubmit={onSubmit}
      labels={labels}
      footnote={labels.footnote}
      className="sell-car-form sell-car-form--short"
    >
      <div onFocusCapture={hub.interacted} className="lead-form__fields">
        <SellCarContactFields
          typed={typed}
          labels={labels}
          error={error}
          registered={{
            customerName: form.register('customerName'),
            customerPhone: form.register('customerPhone'),
            customerEmail: form.register('customerEmail'),
            option: form.register('option'),
          }}
        />
      </div>
    </LeadFormShell>
  );
}
