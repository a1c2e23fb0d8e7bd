import type { Market } from '../../markets/schema.js';
import type { Translate } from '../../markets/translations/dictionaries.js';
import { mileageLabelKey } from '../../client/cars/carCardTexts.js';
import { distanceUnitText } from '../../client/shared/cars/formatCar.js';
import type { SellCarLabels } from '../../client/islands/sellCar/sellCarLabels.js';
import type { ServiceRequestLabels } from '../../client/islands/serviceRequest/serviceRequestTypes.js';

/** The mileage field's label with the unit the figure is typed in, the market's ('Miltal (mil)', 'Mileage (miles)'). */
function mileageLabel(t: Translate, unit: Market['distanceUnit']): string {
  return t('leadForm.mileage', { mileage: t(mileageLabelKey(unit)), unit: distanceUnitText(unit) });
}

/** The sell-car forms' texts in the page's language. */
export function sellCarLabels(t: Translate, unit: Market['distanceUnit']): SellCarLabels {
  return {
    requiredNote: t('leadForm.requiredNote'),
    regno: t('leadForm.regno'),
    mileage: mileageLabel(t, unit),
    name: t('leadForm.name'),
    phone: t('leadForm.phone'),
    email: t('leadForm.email'),
    option: t('sellCar.option'),
    optionSell: t('sellCar.optionSell'),
    optionTradeIn: t('sellCar.optionTradeIn'),
    message: t('leadForm.message'),
    submit: t('sellCar.submit'),
    submitting: t('leadForm.submitting'),
    footnote: t('sellCar.footnote'),
    successTitle: t('sellCar.successTitle'),
    successText: t('sellCar.successText'),
    failure: t('error.sellCarFormError'),
    checkFailure: t('leadForm.checkFailed'),
    errors: {
      regno: t('leadForm.regnoError'),
      milage: t('leadForm.mileageError'),
      customerName: t('leadForm.nameError'),
      customerPhone: t('leadForm.phoneError'),
      customerEmail: t('leadForm.emailError'),
      option: t('sellCar.optionError'),
    },
  };
}

/** The service request's texts (Norwegian on the one market that has it; every language has them). */
export function serviceRequestLabels(t: Translate, unit: Market['distanceUnit']): ServiceRequestLabels {
  return {
    requiredNote: t('leadForm.requiredNote'),
    dealer: t('serviceRequest.dealer'),
    dealerPlaceholder: t('serviceRequest.dealerPlaceholder'),
    services: t('serviceRequest.services'),
    servicesHint: t('serviceRequest.servicesHint'),
    chosenServices: t('serviceRequest.chosenServices'),
    removeService: t('serviceRequest.removeService'),
    description: t('serviceRequest.description'),
    name: t('leadForm.name'),
    phone: t('leadForm.phone'),
    email: t('leadForm.email'),
    regno: t('leadForm.regno'),
    mileage: mileageLabel(t, unit),
    date: t('serviceRequest.date'),
    dateHint: t('serviceRequest.dateHint'),
    chooseDate: t('serviceRequest.chooseDate'),
    calendarTitle: t('serviceRequest.calendarTitle'),
    closeCalendar: t('serviceRequest.closeCalendar'),
    other: t('serviceRequest.other'),
    gdpr: t('serviceRequest.gdpr'),
    newsletter: t('serviceRequest.newsletter'),
    submit: t('serviceRequest.submit'),
    submitting: t('leadForm.submitting'),
    successTitle: t('serviceRequest.successTitle'),
    successText: t('serviceRequest.successText'),
    failure: t('serviceRequest.error'),
    checkFailure: t('leadForm.checkFailed'),
    errors: {
      siteId: t('serviceRequest.dealerError'),
      customerName: t('leadForm.nameError'),
      customerPhone: t('leadForm.phoneError'),
      customerEmail: t('leadForm.emailError'),
      regno: t('leadForm.regnoError'),
      milage: t('leadForm.mileageError'),
      date: t('serviceRequest.dateError'),
      gdpr: t('serviceRequest.gdprError'),
    },
  };
}
