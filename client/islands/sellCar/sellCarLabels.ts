import type { MarketCurrency } from '../../analytics/dataLayer.js';
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
  /** The sellCarFormError text. */
  failure: string;
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
}
