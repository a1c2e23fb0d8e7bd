import type { Market } from '../../markets/schema.js';
import { whenActivated } from '../prerender.js';

/**
 * Analytics events on `window.dataLayer` (part 2 §7), read by whatever tag manager the site runs;
 * no third-party script is loaded by us. One typed list of events, so every flow sends the same shapes.
 */
export type DataLayerEvent =
  /** One step of a multi-step flow shown (the booking flow numbers its steps 0–5). */
  | { event: 'flow_interaction'; flow_name: string; flow_version: string; step_number: number; step_name: string }
  /** A completed booking or lead: value 0 where nothing is sold. */
  | {
      event: 'purchase';
      ecommerce: { transaction_id: string; currency: MarketCurrency; value: number; items?: readonly PurchaseItem[] };
    }
  /** An error the shopper was shown (lookup errors and similar). */
  | { event: 'event_error'; flow_name: string; error_type: string; error_message: string }
  /** A form's life: first interaction, each submit, and its outcome. */
  | {
      event: 'form_interaction';
      form_name: string;
      action: 'start' | 'submit' | 'success' | 'error';
      step_name?: string;
    };

/** A purchase is in the market's currency (markets/), passed to each island in its props by the server's render. */
export type MarketCurrency = Market['currency'];

export interface PurchaseItem {
  item_id: string;
  item_name: string;
  price?: number;
  quantity?: number;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushed once the shopper sees the page: a prerendered page's events (a flow's first step) wait until it is opened. */
export function pushToDataLayer(event: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  whenActivated(() => (window.dataLayer ??= []).push(event));
}
