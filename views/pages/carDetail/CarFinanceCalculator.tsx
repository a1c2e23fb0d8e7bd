import { FinanceCalculator } from '../../../client/islands/finance/FinanceCalculator.js';
import type { FinanceLabels, FinanceProps } from '../../../client/islands/finance/financeTypes.js';
import type { Car } from '../../../contracts/upstream/search.js';
import { financeVehicleOf } from '../../../client/shared/cars/financeVehicle.js';
import type { Translate } from '../../../markets/translations/dictionaries.js';
import { Island } from '../../Island.js';
import { usePage } from '../../PageContext.js';

export function financeLabels(t: Translate): FinanceLabels {
  return {
    title: t('finance.title'),
    cashPrice: t('finance.cashPrice'),
    loading: t('finance.loading'),
    unavailableTitle: t('finance.unavailableTitle'),
    unavailableText: t('finance.unavailableText'),
    phone: t('finance.phone'),
    email: t('finance.email'),
    products: t('finance.products'),
    productNames: { PCP: t('finance.productPCP'), HP: t('finance.productHP') },
    term: t('finance.term'),
    termValue: t.plural('finance.termValue'),
    deposit: t('finance.deposit'),
    mileage: t('finance.mileage'),
    mileageValue: t('finance.mileageValue'),
    payment: t('finance.payment'),
    paymentValue: t('finance.paymentValue'),
    updating: t('finance.updating'),
    updateFailed: t('finance.updateFailed'),
    adjusted: t('finance.adjusted'),
    representativeExample: t('finance.representativeExample'),
    legalLoading: t('finance.legalLoading'),
    legalUnavailable: t('finance.legalUnavailable'),
    apr: t('finance.apr'),
    amountOfCredit: t('finance.amountOfCredit'),
    totalPayable: t('finance.totalPayable'),
    finalPayment: t('finance.finalPayment'),
    payments: t('finance.payments'),
    paymentsValue: t('finance.paymentsValue'),
    figuresDate: t('finance.figuresDate'),
    lender: t('finance.lender'),
  };
}

/** The finance calculator island (markets with `features.finance`: the UK), server-rendered in its loading state. */
export function CarFinanceCalculator({ car, contact }: { car: Car; contact: FinanceProps['contact'] }) {
  const { t, market, language } = usePage();
  const vehicle = financeVehicleOf(car);
  if (!vehicle) return null;
  const props: FinanceProps = {
    vehicle,
    locale: market.locales[language] ?? language,
    currency: car.car_currency,
    dateFormat: market.dateFormat,
    contact,
    labels: financeLabels(t),
  };
  return <Island name="finance" component={FinanceCalculator} props={props} />;
}
