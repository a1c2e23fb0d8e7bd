import type { FamilyKey, FinanceVehicle } from '../../../contracts/upstream/codeweaver.js';
import type { PluralText } from '../../../markets/translations/plural.js';
import type { MarketDateFormat } from '../../shared/marketDate.js';

/** Every text the finance card shows, translated on the server (markets/translations, `finance.*`). */
export interface FinanceLabels {
  title: string;
  cashPrice: string;
  loading: string;
  unavailableTitle: string;
  unavailableText: string;
  phone: string;
  email: string;
  products: string;
  productNames: Record<FamilyKey, string>;
  term: string;
  /** A count text (`{count}` months). */
  termValue: PluralText;
  deposit: string;
  mileage: string;
  /** `{miles}` */
  mileageValue: string;
  payment: string;
  /** `{amount}` */
  paymentValue: string;
  updating: string;
  updateFailed: string;
  adjusted: string;
  representativeExample: string;
  legalLoading: string;
  legalUnavailable: string;
  apr: string;
  amountOfCredit: string;
  totalPayable: string;
  finalPayment: string;
  payments: string;
  /** `{count}` `{amount}` */
  paymentsValue: string;
  /** `{date}` */
  figuresDate: string;
  /** `{lender}` */
  lender: string;
}

export interface FinanceProps {
  /** What the quotes are for; the car's own price is the cash price. */
  vehicle: FinanceVehicle;
  locale: string;
  currency: string;
  dateFormat: MarketDateFormat;
  /** The selling site's team, for the apology when the service cannot answer. */
  contact: { phone: string; email: string };
  labels: FinanceLabels;
}

/** The slider the shopper moved last: it decides what the service solves for (part 1 §4). */
export type FinanceSliderId = 'term' | 'deposit' | 'mileage' | 'payment';
