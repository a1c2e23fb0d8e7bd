import { Controller } from 'react-hook-form';
import { nb } from 'react-day-picker/locale';
import { SERVICE_BOOKING_FORM_NAME, ServiceBookingValuesSchema } from '../../../contracts/forms.js';
import { ChipMultiSelect } from '../../forms/ChipMultiSelect.js';
import { DatePopupField } from '../../forms/DatePopupField.js';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../forms/fields.js';
import { useFormsHubSubmit } from '../../forms/useFormsHubSubmit.js';
import { useSchemaForm } from '../../forms/useSchemaForm.js';
import { LeadFormShell } from '../sellCar/LeadFormShell.js';
import { numberOrUndefined } from '../sellCar/SellCarForm.js';
import { focusFirstError, markServerErrors } from '../sellCar/serverErrors.js';
import { serviceTypeOptions, type ServiceRequestFormProps } from './serviceRequestTypes.js';

const FIELDS = [
  'siteId',
  'services',
  'description',
  'customerName',
  'customerPhone',
  'customerEmail',
  'regno',
  'milage',
  'date',
  'other',
  'gdpr',
] as const;
const TEXT_MAX = 1000;

/** Today at local midnight: earlier days are disabled in the calendar (the schema refuses them too). */
const today = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
};

const formatDay = (format: string) => (iso: string) =>
  format.replace('YYYY', iso.slice(0, 4)).replace('MM', iso.slice(5, 7)).replace('DD', iso.slice(8, 10));

/**
 * The Norwegian workshop service request (part 2 §2.3), validated with the BFF's
 * ServiceBookingValuesSchema. On the 'mc' page (typeMC) it offers the motorcycle types and is fixed
 * to the one motorcycle dealer, shown instead of the dealer select.
 */
export function ServiceRequestForm({ dealers, typeMC, labels, dateFormat, currency }: ServiceRequestFormProps) {
  const fixed = typeMC ? dealers[0] : undefined;
  const form = useSchemaForm(ServiceBookingValuesSchema, {
    defaultValues: {
      siteId: fixed?.id ?? '',
      services: [],
      description: '',
      customerName: '',
      customerPhone: '',
      customerEmail: '',
      regno: '',
      other: '',
      date: '',
      newsletter: false,
      typeMC,
    },
  });
  const hub = useFormsHubSubmit(SERVICE_BOOKING_FORM_NAME, currency);
  const { errors } = form.formState;
  const error = (field: keyof typeof labels.errors) => (errors[field] ? labels.errors[field] : undefined);
  const options = serviceTypeOptions(typeMC).map(({ name }) => ({ value: name, label: name }));

  const onSubmit = form.handleSubmit(
    async ({ description, other, ...values }) => {
      const texts = {
        ...(description?.trim() ? { description: description.trim() } : {}),
        ...(other?.trim() ? { other: other.trim() } : {}),
      };
      markServerErrors(form, await hub.send({ ...values, ...texts }), FIELDS);
    },
    focusFirstError(form, FIELDS),
  );

  return (
    <LeadFormShell
      status={hub.status}
      waitMessage={hub.waitMessage}
      onSubmit={onSubmit}
      labels={labels}
      className="service-request-form"
    >
      <div onFocusCapture={hub.interacted} className="lead-form__fields">
        {fixed ? (
          <div className="form-field">
            <span className="form-field__label">{labels.dealer}</span>
            <p className="lead-form__dealer">{fixed.name}</p>
          </div>
        ) : (
          <SelectField
            label={labels.dealer}
            required
            error={error('siteId')}
            placeholder={labels.dealerPlaceholder}
            options={dealers.map((dealer) => ({ value: dealer.id, label: dealer.name }))}
            {...form.register('siteId')}
          />
        )}
        <Controller
          control={form.control}
          name="services"
          render={({ field }) => (
            <ChipMultiSelect
              label={labels.services}
              toggleLabel={labels.servicesHint}
              chosenLabel={labels.chosenServices}
              removeLabel={(name) => labels.removeService.replace('{name}', name)}
              options={options}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <TextAreaField label={labels.description} rows={3} maxLength={TEXT_MAX} {...form.register('description')} />
        <TextField
          label={labels.name}
          required
          error={error('customerName')}
          autoComplete="name"
          maxLength={100}
          {...form.register('customerName')}
        />
        <TextField
          label={labels.phone}
          required
          error={error('customerPhone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={21}
          {...form.register('customerPhone')}
        />
        <TextField
          label={labels.email}
          required
          error={error('customerEmail')}
          type="email"
          autoComplete="email"
          maxLength={254}
          {...form.register('customerEmail')}
        />
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
          error={error('milage')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...form.register('milage', { setValueAs: numberOrUndefined })}
        />
        <Controller
          control={form.control}
          name="date"
          render={({ field }) => (
            <DatePopupField
              label={labels.date}
              required
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              firstDay={today()}
              locale={nb}
              formatDay={formatDay(dateFormat)}
              labels={{
                choose: labels.chooseDate,
                calendar: labels.calendarTitle,
                close: labels.closeCalendar,
                loading: labels.calendarTitle,
              }}
              hint={labels.dateHint}
              error={error('date')}
            />
          )}
        />
        <TextAreaField label={labels.other} rows={3} maxLength={TEXT_MAX} {...form.register('other')} />
        <CheckboxField label={labels.gdpr} required error={error('gdpr')} {...form.register('gdpr')} />
        <CheckboxField label={labels.newsletter} {...form.register('newsletter')} />
      </div>
    </LeadFormShell>
  );
}
