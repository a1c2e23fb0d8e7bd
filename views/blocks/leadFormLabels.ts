import type { Translate } from '../../markets/translations/dictionaries.js';
import type { SellCarLabels } from '../../client/islands/sellCar/sellCarLabels.js';
import type { ServiceRequestLabels } from '../../client/islands/serviceRequest/serviceRequestTypes.js';

/** The sell-car forms' texts in the page's language. */
export function sellCarLabels(t: Translate): SellCarLabels {
  return {
    requiredNote: t('leadForm.requiredNote'),
    regno: t('leadForm.regno'),
    mileage: t('leadForm.mileage'),
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
export function serviceRequestLabels(t: Translate): ServiceRequestLabels {
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
    mileage: t('leadForm.mileage'),
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
