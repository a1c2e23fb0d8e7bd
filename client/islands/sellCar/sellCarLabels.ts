import type { MarketCurrency } from '../../analytics/dataLayer.js';
import type { LeadFormPost } from '../../../contracts/leadFormPost.js';
/** Every text of the sell-car forms, translated on the server (views/blocks/leadFormLabels.ts). */
export interface SellCarLabels {
  requiredNote: string;
  regno: string;
  mileage: string;
  name: string;
  phone: string;
  email: string;
  option: string;
  optionSell: string;
  optionTradeIn: string;
  message: string;
  submit: string;
  submitting: string;
  footnote: string;
  successTitle: string;
  successText: string;
  /** The sellCarFormError text: a send that failed. */
  failure: string;
  /** A submit the form's check stopped: `{fields}` is where the fields to fill in or correct are named. */
  checkFailure: string;
  errors: {
    regno: string;
    milage: string;
    customerName: string;
    customerPhone: string;
    customerEmail: string;
    option: string;
  };
}

export interface SellCarFormProps {
  /** `{siteName}SellCarForm` or `{siteName}SellCarShortForm`: the BFF checks it is this site's. */
  formName: string;
  labels: SellCarLabels;
  /** The market's currency, which the purchase event of a sent lead carries. */
  currency: MarketCurrency;
  /** What the server wrote for posting without scripts, and the answer to the last post. */
  post?: LeadFormPost;
}

/** The check failure's text naming the fields in error, in form order, by their labels. */
export function checkFailureText(
  labels: SellCarLabels,
  order: readonly (keyof SellCarLabels['errors'])[],
  errors: Partial<Record<string, unknown>>,
): string {
  const names: Record<keyof SellCarLabels['errors'], string> = {
    regno: labels.regno,
    milage: labels.mileage,
    customerName: labels.name,
    customerPhone: labels.phone,
    customerEmail: labels.email,
    option: labels.option,
  };
  const wrong = order.filter((field) => errors[field]).map((field) => names[field]);
  return wrong.length > 0 ? labels.checkFailure.replace('{fields}', wrong.join(', ')) : labels.failure;
}
