import type { Translate } from '../../markets/translations/dictionaries.js';
import type { SellCarLabels } from '../../client/islands/sellCar/sellCarLabels.js';

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
