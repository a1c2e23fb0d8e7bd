import { SellCarValuesSchema } from '../../../contracts/forms.js';
import { TextAreaField, TextField } from '../../forms/fields.js';
import { useFormsHubSubmit } from '../../forms/useFormsHubSubmit.js';
import { useSchemaForm } from '../../forms/useSchemaForm.js';
import { LeadFormShell } from './LeadFormShell.js';
import { SellCarContactFields } from './SellCarContactFields.js';
import { focusFirstError, markServerErrors } from './serverErrors.js';
import type { SellCarFormProps } from './sellCarLabels.js';

const FIELDS = ['regno', 'milage', 'customerName', 'customerPhone', 'customerEmail', 'option', 'other'] as const;
const MESSAGE_MAX = 1000;

/** A number field's text as the schema's number: empty is 'not given', anything else must parse. */
export const numberOrUndefined = (text: unknown) =>
  text === '' || text === undefined || text === null ? undefined : Number(text);

/** The sell-car / trade-in form (part 2 §2.2), validated with the BFF's SellCarValuesSchema. */
export function SellCarForm({ formName, labels, currency }: SellCarFormProps) {
  const form = useSchemaForm(SellCarValuesSchema, {
    defaultValues: { regno: '', customerName: '', customerPhone: '', customerEmail: '', other: '' },
  });
  const hub = useFormsHubSubmit(formName, currency);
  const { errors } = form.formState;
  const error = (field: keyof typeof labels.errors) => (errors[field] ? labels.errors[field] : undefined);
  const other = form.watch('other') ?? '';

  const onSubmit = form.handleSubmit(
    async ({ other: message, ...values }) => {
      const bad = await hub.send({ ...values, ...(message?.trim() ? { other: message.trim() } : {}) });
      markServerErrors(form, bad, FIELDS);
    },
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
      className="sell-car-form"
    >
      <div onFocusCapture={hub.interacted} className="lead-form__fields">
        <TextField
          label={labels.regno}
          required
          error={error('regno')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={10}
          {...form.register('regno')}
        />
        <TextField
          label={labels.mileage}
          required
          error={error('milage')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...form.register('milage', { setValueAs: numberOrUndefined })}
        />
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
        <TextAreaField
          label={labels.message}
          className="sell-car-form__message"
          maxLength={MESSAGE_MAX}
          count={other.length}
          {...form.register('other')}
        />
      </div>
    </LeadFormShell>
  );
}
