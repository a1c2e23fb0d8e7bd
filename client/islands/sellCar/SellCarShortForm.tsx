import { SellCarShortValuesSchema } from '../../../contracts/forms.js';
import { useFormsHubSubmit } from '../../forms/useFormsHubSubmit.js';
import { useSchemaForm } from '../../forms/useSchemaForm.js';
import { LeadFormShell } from './LeadFormShell.js';
import { SellCarContactFields } from './SellCarContactFields.js';
import { focusFirstError, markServerErrors } from './serverErrors.js';
import type { SellCarFormProps } from './sellCarLabels.js';

const FIELDS = ['customerName', 'customerPhone', 'customerEmail', 'option'] as const;

/** The short sell-car form (part 2 §2.2): name, phone, e-mail and the choice; SellCarShortValuesSchema. */
export function SellCarShortForm({ formName, labels, currency }: SellCarFormProps) {
  const form = useSchemaForm(SellCarShortValuesSchema, {
    defaultValues: { customerName: '', customerPhone: '', customerEmail: '' },
  });
  const hub = useFormsHubSubmit(formName, currency);
  const { errors } = form.formState;
  const error = (field: keyof typeof labels.errors) =>
    errors[field as keyof typeof errors] ? labels.errors[field] : undefined;

  const onSubmit = form.handleSubmit(
    async (values) => markServerErrors(form, await hub.send(values), FIELDS),
    focusFirstError(form, FIELDS, hub.failed),
  );

  return (
    <LeadFormShell
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
