import type { CardQuote } from '../shared/cars/cardQuote.js';
import { callBff } from './bffCall.js';

/** The most cars one request may ask for (server/api/financeRoutes.ts). */
const CARS_A_REQUEST = 96;

/**
 * The UK cards' representative quotes (`POST /api/codeweaver/card-quotes`), by car id: the BFF keeps one per car
 * and price. A failure answers none for those cars (their cards show the cash price); an abort rejects.
 */
export async function cardQuotes(
  cars: readonly { id: string; price: number }[],
  signal?: AbortSignal,
): Promise<Record<string, CardQuote>> {
  const requests = [];
  for (let i = 0; i < cars.length; i += CARS_A_REQUEST) {
    const json = { cars: cars.slice(i, i + CARS_A_REQUEST).map(({ id, price }) => ({ id, price })) };
    requests.push(
      callBff<{ quotes: Record<string, CardQuote> }>('/api/codeweaver/card-quotes', { method: 'POST', json, signal }),
    );
  }
  return Object.assign({}, ...(await Promise.all(requests)).map((result) => (result.ok ? result.value.quotes : {})));
}
