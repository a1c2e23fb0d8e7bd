import { formatMileage, formatPrice, type CarFormat } from '../../../client/shared/cars/formatCar.js';
import type { Car } from '../../../contracts/upstream/search.js';
import { usePage } from '../../PageContext.js';
import { numberFormat } from '../../../client/shared/format/intlFormats.js';

type FinanceOption = Car['car_loan_options'][number];

/** Loan and leasing offers, each for private buyers and companies (part 1 §3). Left out when the car has none. */
export function CarFinance({ car, format }: { car: Car; format: CarFormat }) {
  const { t } = usePage();
  const { locale } = format;
  const kinds = [
    {
      id: 'loan',
      title: t('carDetail.loan'),
      residual: t('carDetail.financeResidualLoan'),
      options: car.car_loan_options,
    },
    {
      id: 'leasing',
      title: t('carDetail.leasing'),
      residual: t('carDetail.financeResidualLeasing'),
      options: car.car_leasing_options,
    },
  ].filter((kind) => kind.options.length > 0);
  if (kinds.length === 0) return null;
  const money = (value: number) => formatPrice(value, car.car_currency, locale);
  const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const row = (label: string, value: string) => (
    <div className="car-finance__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const offer = (option: FinanceOption, residualLabel: string) => (
    <li key={option.type} className="car-finance__offer">
      <h4>{t(option.type === 'Private' ? 'carDetail.financePrivate' : 'carDetail.financeCompany')}</h4>
      <p className="car-finance__monthly">{t('carDetail.perMonth', { amount: money(option.monthly_payment) })}</p>
      <dl>
        {row(t('carDetail.financeMonths'), t('carDetail.monthsValue', { count: option.months }))}
        {row(t('carDetail.financeDownPayment'), money(option.down_payment))}
        {row(t('carDetail.financeInterest'), percent.format(option.interest_rate / 100))}
        {row(residualLabel, money(option.residual_value))}
        {option.annual_mileage_km !== undefined &&
          row(t('carDetail.financeMileage'), formatMileage(option.annual_mileage_km, format))}
      </dl>
      <p className="car-finance__provider">{t('carDetail.financeProvider', { provider: option.provider })}</p>
    </li>
  );
  return (
    <section className="car-detail__section car-finance" aria-labelledby="car-finance">
      <h2 id="car-finance">{t('carDetail.finance')}</h2>
      {kinds.map((kind) => (
        <div key={kind.id} className="car-finance__kind">
          <h3>{kind.title}</h3>
          <ul className="car-finance__offers">{kind.options.map((option) => offer(option, kind.residual))}</ul>
        </div>
      ))}
    </section>
  );
}
