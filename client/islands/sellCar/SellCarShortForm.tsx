import { SELL_CAR_OPTIONS, SellCarShortValuesSchema } from '../../../contracts/forms.js';
import { RadioGroupField, TextField } from '../../forms/fields.js';
import { useFormsHubSubmit } from '../../forms/useFormsHubSubmit.js';
import { useSchemaForm } from '../../forms/useSchemaForm.js';
import { LeadFormShell } from './LeadFormShell.js';
import { markServerErrors } from './serverErrors.js';
import type { SellCarFormProps } from './sellCarLabels.js';

const FIELDS = ['customerName', 'customerPhone', 'customerEmail', 'option'] as const;

/** The short sell-car form (part 2 §2.2): name, phone, e-mail and the choice; SellCarShortValuesSchema. */
export function SellCarShortForm({ formName, labels }: SellCarFormProps) {
  const form = useSchemaForm(SellCarShortValuesSchema, { defaultValues: { customerName: '', customerPhone: '', customerEmail: '' } });
  const hub = useFormsHubSubmit(formName);
  const { errors } = form.formState;
  const error = (field: keyof typeof labels.errors) => (errors[field as keyof typeof errors] ? labels.errors[field] : undefined);

  const onSubmit = form.handleSubmit(async (values) => markServerErrors(form, await hub.send(values), FIELDS));

  return (
    <LeadFormShell status={hub.status} onSubmit={onSubmit} labels={labels} footnote={labels.footnote} className="sell-car-form sell-car-form--short">
      <div onFocusCapture={hub.interacted} className="lead-form__fields">
        <TextField label={labels.name} required error={error('customerName')} autoComplete="name" maxLength={100} {...form.register('customerName')} />
        <TextField label={labels.phone} required error={error('customerPhone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={21} {...form.register('customerPhone')} />
        <TextField label={labels.email} required error={error('customerEmail')} type="email" autoComplete="email" maxLength={254} {...form.register('customerEmail')} />
        <RadioGroupField
          label={labels.option}
          required
          error={error('option')}
          options={SELL_CAR_OPTIONS.map((value) => ({ value, label: value === 'sellCar' ? labels.optionSell : labels.optionTradeIn }))}
          {...form.register('option')}
        />
      </div>
    </LeadFormShell>
  );
}
