import { SellCarValuesSchema, type SellCarOption } from '../../../contracts/forms.js';
import { postedErrors, postedStatus, postedText } from '../../forms/postedForm.js';
import { TextAreaField, TextField } from '../../forms/fields.js';
import { useFormsHubSubmit } from '../../forms/useFormsHubSubmit.js';
import { useSchemaForm } from '../../forms/useSchemaForm.js';
import { LeadFormShell } from './LeadFormShell.js';
import { SellCarContactFields } from './SellCarContactFields.js';
import { focusFirstError, markServerErrors } from './serverErrors.js';
import { checkFailureText, type SellCarFormProps } from './sellCarLabels.js';

/** The fields with a rule, in form order (the check failure names them); the message has none. */
const CHECKED = ['regno', 'milage', 'customerName', 'customerPhone', 'customerEmail', 'option'] as const;
const FIELDS = [...CHECKED, 'other'] as const;
const MESSAGE_MAX = 1000;

/** A number field's text as the schema's number: empty is 'not given', anything else must parse. */
export const numberOrUndefined = (text: unknown) =>
  text === '' || text === undefined || text === null ? undefined : Number(text);

/** The sell-car / trade-in form (part 2 §2.2), validated with the BFF's SellCarValuesSchema. */
export function SellCarForm({ formName, labels, currency, post }: SellCarFormProps) {
  const typed = (field: string) => postedText(post, field);
  const form = useSchemaForm(SellCarValuesSchema, {
    // What was posted without scripts, when the page came back with errors (the fields render it too).
    defaultValues: {
      regno: typed('regno'),
      customerName: typed('customerName'),
      customerPhone: typed('customerPhone'),
      customerEmail: typed('customerEmail'),
      other: typed('other'),
      ...(typed('milage') ? { milage: typed('milage') as unknown as number } : {}),
      ...(typed('option') ? { option: typed('option') as SellCarOption } : {}),
    },
    errors: postedErrors(post),
  });
  const hub = useFormsHubSubmit(formName, currency, postedStatus(post));
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
      formName={formName}
      post={post}
      checkFailure={checkFailureText(labels, CHECKED, errors)}
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
          defaultValue={typed('regno')}
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
          defaultValue={typed('milage')}
          {...form.register('milage', { setValueAs: numberOrUndefined })}
        />
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
        <TextAreaField
          label={labels.message}
          className="sell-car-form__message"
          maxLength={MESSAGE_MAX}
          count={other.length}
          defaultValue={typed('other')}
          {...form.register('other')}
        />
      </div>
    </LeadFormShell>
  );
}
