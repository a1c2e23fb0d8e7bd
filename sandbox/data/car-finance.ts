import type { Faker } from '@faker-js/faker';
import type { Car } from '../../contracts/upstream/search.js';
import type { MarketProfile } from './market-profiles.js';
import type { VocabularyLanguage } from './vocabulary.js';

type FinanceOption = Car['car_loan_options'][number];

const PROVIDERS: Record<MarketProfile['id'], string> = {
  se: 'Hedin Finans',
  'se-used': 'Hedin Finans',
  fi: 'Hedin Rahoitus',
  no: 'Hedin Finans Norge',
  sk: 'Hedin Financie',
  uk: 'Hedin Finance UK',
};
/** A provider's name in a market's other language (the Finnish provider's Swedish name). */
const PROVIDER_NAMES_IN: Partial<Record<VocabularyLanguage, Readonly<Record<string, string>>>> = {
  sv: { 'Hedin Rahoitus': 'Hedin Finansiering' },
};

/** The finance offers of a car in another language's documents: the same offers, the provider as that language names it. */
export function financeIn(
  car: Pick<Car, 'car_loan_options' | 'car_leasing_options'>,
  to: VocabularyLanguage,
): Pick<Car, 'car_loan_options' | 'car_leasing_options'> {
  const names = PROVIDER_NAMES_IN[to] ?? {};
  const named = (option: FinanceOption) => ({ ...option, provider: names[option.provider] ?? option.provider });
  return { car_loan_options: car.car_loan_options.map(named), car_leasing_options: car.car_leasing_options.map(named) };
}

/** Monthly payment of an annuity loan with a balloon at the end. */
function annuity(principal: number, balloon: number, yearlyRate: number, months: number): number {
  const r = yearlyRate / 12;
  return (principal - balloon / Math.pow(1 + r, months)) * (r / (1 - Math.pow(1 + r, -months)));
}

/**
 * Loan offers for private buyers and companies, and leasing for new cars (and some used ones).
 * Amounts are in the car's currency and rounded as offers are printed.
 */
export function financeOptions(
  price: number,
  isNew: boolean,
  profile: MarketProfile,
  faker: Faker,
): Pick<Car, 'car_loan_options' | 'car_leasing_options'> {
  const round = (n: number) => Math.round(n / (profile.eurRate > 5 ? 10 : 1)) * (profile.eurRate > 5 ? 10 : 1);
  const provider = PROVIDERS[profile.id];
  const loan = (type: 'Private' | 'Company'): FinanceOption => {
    const months = faker.helpers.arrayElement([36, 48, 60, 72, 84]);
    const downPayment = round(price * 0.2);
    const residual = round(price * (isNew ? 0.45 : 0.3));
    const rate = type === 'Private' ? 0.0595 : 0.0695;
    return {
      type,
      months,
      down_payment: downPayment,
      interest_rate: Math.round(rate * 10_000) / 100,
      residual_value: residual,
      monthly_payment: round(annuity(price - downPayment, residual, rate, months)),
      provider,
    };
  };
  const lease = (type: 'Private' | 'Company'): FinanceOption => {
    const months = 36;
    const residual = round(price * 0.5);
    const rate = type === 'Private' ? 0.0495 : 0.0595;
    // Company leasing is quoted without VAT.
    const monthly = round(annuity(price, residual, rate, months) * (type === 'Company' ? 0.8 : 1));
    return {
      type,
      months,
      down_payment: 0,
      interest_rate: Math.round(rate * 10_000) / 100,
      residual_value: residual,
      monthly_payment: monthly,
      annual_mileage_km: 15000,
      provider,
    };
  };
  const leasing = isNew || faker.datatype.boolean(0.3);
  return {
    car_loan_options: [loan('Private'), loan('Company')],
    car_leasing_options: leasing ? [lease('Private'), lease('Company')] : [],
  };
}
