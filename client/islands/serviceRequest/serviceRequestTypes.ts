import type { MarketCurrency } from '../../analytics/dataLayer.js';
import type { MarketDateFormat } from '../../shared/marketDate.js';
import type { LeadFormPost } from '../../../contracts/leadFormPost.js';
import { MOTORCYCLE_SERVICE_TYPES, SERVICE_TYPES } from '../../../contracts/forms.js';

/** A dealer of the request (part 2 §2.3): its site id is sent; the BFF looks up the workshop e-mail the hub gets. */
export interface ServiceDealer {
  id: string;
  name: string;
}

/** Loaded on the server (server/pages/serviceRequestData.ts): the dealers, and whether this is the 'mc' page. */
export interface ServiceRequestData {
  dealers: ServiceDealer[];
  typeMC: boolean;
}

/** Service types with their ids (part 2 §2.3): cars 1–11, motorcycles 0–2; the hub gets the names. */
export const serviceTypeOptions = (typeMC: boolean) =>
  typeMC
    ? MOTORCYCLE_SERVICE_TYPES.map((name, id) => ({ id, name }))
    : SERVICE_TYPES.map((name, i) => ({ id: i + 1, name }));

export interface ServiceRequestLabels {
  requiredNote: string;
  dealer: string;
  dealerPlaceholder: string;
  services: string;
  servicesHint: string;
  chosenServices: string;
  /** `Fjern {name}` */
  removeService: string;
  description: string;
  name: string;
  phone: string;
  email: string;
  regno: string;
  mileage: string;
  date: string;
  dateHint: string;
  chooseDate: string;
  calendarTitle: string;
  closeCalendar: string;
  other: string;
  gdpr: string;
  newsletter: string;
  submit: string;
  submitting: string;
  successTitle: string;
  successText: string;
  failure: string;
  /** A post without scripts the BFF's check refused: `{fields}` is where the fields to fill in or correct are named. */
  checkFailure: string;
  errors: {
    siteId: string;
    customerName: string;
    customerPhone: string;
    customerEmail: string;
    regno: string;
    milage: string;
    date: string;
    gdpr: string;
  };
}

export interface ServiceRequestFormProps extends ServiceRequestData {
  labels: ServiceRequestLabels;
  /** The market's date format for the chosen day, e.g. DD.MM.YYYY; a typed day is read the same way. */
  dateFormat: MarketDateFormat;
  /** The market's currency, which the purchase event of a sent lead carries. */
  currency: MarketCurrency;
  /** What the server wrote for posting without scripts, and the answer to the last post. */
  post?: LeadFormPost;
}
