import { Controller } from 'react-hook-form';
import { nb } from 'react-day-picker/locale';
import { SERVICE_BOOKING_FORM_NAME, ServiceBookingValuesSchema } from '../../../contracts/forms.js';
import { ChipMultiSelect } from '../../forms/ChipMultiSelect.js';
import { DatePopupField } from '../../forms/DatePopupField.js';
import { postedErrors, postedStatus, postedText, postedValues } from '../../forms/postedForm.js';
import { formatMarketDate, parseMarketDate } from '../../shared/marketDate.js';
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

/**
 * The Norwegian workshop service request (part 2 §2.3), validated with the BFF's
 * ServiceBookingValuesSchema. On the 'mc' page (typeMC) it offers the motorcycle types and is fixed
 * to the one motorcycle dealer, shown instead of the dealer select. Before and without scripts the same
 * form posts to the BFF (LeadFormShell): the fixed dealer and typeMC as hidden fields, the services as
 * checkboxes, the date as typed; a post that comes back shows its values and errors here.
 */
export function ServiceRequestForm({ dealers, typeMC, labels, dateFormat, currency, post }: ServiceRequestFormProps) {
  const fixed = typeMC ? dealers[0] : undefined;
  const typed = (field: string) => postedText(post, field);
  const postedServices = postedValues(post).services;
  const form = useSchemaForm(ServiceBookingValuesSchema, {
    // What was posted without scripts, when the page came back with errors (the fields render it too).
    defaultValues: {
      siteId: fixed?.id ?? typed('siteId'),
      services: (Array.isArray(postedServices) ? postedServices : postedServices ? [postedServices] : []) as never,
      description: typed('description'),
      customerName: typed('customerName'),
      customerPhone: typed('customerPhone'),
      customerEmail: typed('customerEmail'),
      regno: typed('regno'),
      other: typed('other'),
      date: parseMarketDate(typed('date'), dateFormat) ?? typed('date'),
      ...(typed('milage') ? { milage: typed('milage') as unknown as number } : {}),
      ...(typed('gdpr') ? { gdpr: true } : {}),
      newsletter: typed('newsletter') !== '',
      typeMC,
    },
    errors: postedErrors(post),
  });
  const hub = useFormsHubSubmit(SERVICE_BOOKING_FORM_NAME, currency, postedStatus(post));
  const { errors } = form.formState;
  const error = (field: keyof typeof labels.errors) => (errors[field] ? labels.errors[field] : undefined);
  const names: Record<keyof typeof labels.errors, string> = {
    siteId: labels.dealer,
    customerName: labels.name,
    customerPhone: labels.phone,
    customerEmail: labels.email,
    regno: labels.regno,
    milage: labels.mileage,
    date: labels.date,
    gdpr: labels.gdpr,
  };
  const wrong = FIELDS.flatMap((field) =>
    field in names && errors[field] ? [names[field as keyof typeof names]] : [],
  );
  const checkFailure = wrong.length > 0 ? labels.checkFailure.replace('{fields}', wrong.join(', ')) : undefined;
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
      formName={SERVICE_BOOKING_FORM_NAME}
      post={post}
      {...(checkFailure ? { checkFailure } : {})}
      status={hub.status}
      checkFailed={hub.checkFailed}
      failedChecks={hub.failedChecks}
      waitMessage={hub.waitMessage}
      onSubmit={onSubmit}
      labels={labels}
      className="service-request-form"
    >
      <div onFocusCapture={hub.interacted} className="lead-form__fields">
        {typeMC && <input type="hidden" name="typeMC" value="true" />}
        {fixed ? (
          <div className="form-field">
            <input type="hidden" name="siteId" value={fixed.id} />
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
            defaultValue={typed('siteId')}
            {...form.register('siteId')}
          />
        )}
        <Controller
          control={form.control}
          name="services"
          render={({ field }) => (
            <ChipMultiSelect
              label={labels.services}
              name={field.name}
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
        <TextAreaField
          label={labels.description}
          rows={3}
          maxLength={TEXT_MAX}
          defaultValue={typed('description')}
          {...form.register('description')}
        />
        <TextField
          label={labels.name}
          required
          error={error('customerName')}
          autoComplete="name"
          maxLength={100}
          defaultValue={typed('customerName')}
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
          defaultValue={typed('customerPhone')}
          {...form.register('customerPhone')}
        />
        <TextField
          label={labels.email}
          required
          error={error('customerEmail')}
          type="email"
          autoComplete="email"
          maxLength={254}
          defaultValue={typed('customerEmail')}
          {...form.register('customerEmail')}
        />
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
          error={error('milage')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          defaultValue={typed('milage')}
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
              formatDay={(iso) => formatMarketDate(iso, dateFormat)}
              parseDay={(text) => parseMarketDate(text, dateFormat)}
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
        <TextAreaField
          label={labels.other}
          rows={3}
          maxLength={TEXT_MAX}
          defaultValue={typed('other')}
          {...form.register('other')}
        />
        <CheckboxField
          label={labels.gdpr}
          required
          error={error('gdpr')}
          defaultChecked={typed('gdpr') !== '' || undefined}
          {...form.register('gdpr')}
        />
        <CheckboxField
          label={labels.newsletter}
          defaultChecked={typed('newsletter') !== '' || undefined}
          {...form.register('newsletter')}
        />
      </div>
    </LeadFormShell>
  );
}
