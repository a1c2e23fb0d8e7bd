import type { Logger } from 'pino';
import { z } from 'zod';
import type { CardQuote } from '../../client/shared/cars/cardQuote.js';
import {
  FINANCE_VEHICLE_FIELDS,
  financeVehicleOf,
  type FinanceVehicleSource,
} from '../../client/shared/cars/financeVehicle.js';
import type { FinanceQuote } from '../../contracts/upstream/codeweaver.js';
import type { SearchIndexName } from '../../contracts/upstream/search.js';
import type { Market } from '../../markets/schema.js';
import type { SearchCache } from '../searchCache/searchCache.js';
import { SingleFlight } from '../store/singleFlight.js';
import { SharedRecords } from '../store/sharedRecords.js';
import type { RedisConnection } from '../store/redisConnection.js';
import type { CodeweaverClient } from '../upstream/codeweaverClient.js';
import type { CallContext } from '../upstream/upstreamHttp.js';

/** A quote is the lender's for a day; a car it cannot quote (no plate, no product) is asked again after an hour. */
const QUOTE_KEPT_MS = 24 * 60 * 60 * 1000;
const UNQUOTABLE_KEPT_MS = 60 * 60 * 1000;
/** Quotes asked at once for one page's cards: a cold page of 48 cards asks the finance service in six rounds. */
const QUOTES_AT_ONCE = 8;
/** This process's copies (about 300 bytes each). */
const KEPT_HERE = 5000;
const NONE = 'none';

/** A card's representative quote, as kept and as /api/finance/card-quotes answers it. */
export const CardQuoteSchema = z.object({
  cashPrice: z.number(),
  product: z.enum(['PCP', 'HP']),
  term: z.number(),
  deposit: z.number(),
  payment: z.number(),
  numberOfPayments: z.number(),
  finalPayment: z.number(),
  amountOfCredit: z.number(),
  totalPayable: z.number(),
  apr: z.number(),
});

export interface QuotedCar {
  id: string;
  price: number;
}

/**
 * The UK cards' monthly price: the finance service's representative quote (its first default quote, the one
 * the stock feed indexes as `car_monthly_payment`) made once per car and price and kept for every container
 * (SharedRecords: Redis and this process), so a card render never calls the finance service; only a car and
 * price no container has quoted yet does, once (one flight per key in this process).
 */
export class CardQuotes {
  private readonly records: SharedRecords;
  private readonly flights = new SingleFlight<CardQuote | null>();

  constructor(
    private readonly deps: {
      codeweaver: CodeweaverClient;
      searchCache: SearchCache;
      redis: RedisConnection;
      logger: Logger;
    },
  ) {
    this.records = new SharedRecords(deps.redis, { max: KEPT_HERE });
  }

  /**
   * The quotes of the cars whose card shows this price, by car id. A car the service could not quote now has
   * none (its card shows the cash price alone) and is asked again on its next showing.
   */
  async of(market: Market, cars: readonly QuotedCar[], ctx: CallContext): Promise<Map<string, CardQuote>> {
    const quotes = new Map<string, CardQuote>();
    if (market.monthlyPrice !== 'financeQuote' || cars.length === 0) return quotes;
    const keyOf = (id: string, price: number) => `bff:card-quote:v1:${market.id}:${id}:${price}`;
    const kept = await Promise.all(cars.map((car) => this.records.read(keyOf(car.id, car.price))));
    const missing: QuotedCar[] = [];
    cars.forEach((car, i) => {
      const quote = readKept(kept[i]);
      if (quote) quotes.set(car.id, quote);
      else if (kept[i] !== NONE) missing.push(car);
    });
    if (missing.length === 0) return quotes;
    const vehicles = await this.vehiclesOf(market, missing, ctx);
    for (let i = 0; i < vehicles.length; i += QUOTES_AT_ONCE) {
      await Promise.all(
        vehicles.slice(i, i + QUOTES_AT_ONCE).map(async (car) => {
          const key = keyOf(car.car_id, car.car_price);
          const quote = await (this.flights.of(key)?.promise ?? this.flights.start(key, this.quote(key, car, ctx)));
          if (quote) quotes.set(car.car_id, quote);
        }),
      );
    }
    return quotes;
  }

  /** The cars as the search knows them now, those whose price is still the card's (through the search cache). */
  private async vehiclesOf(market: Market, cars: readonly QuotedCar[], ctx: CallContext) {
    const { value } = await this.deps.searchCache.search(
      {
        index: market.searchIndexes.cars as SearchIndexName,
        fields: [...FINANCE_VEHICLE_FIELDS],
        filters: [{ field: 'car_id', values: cars.map((car) => car.id) }],
        limit: cars.length,
      },
      ctx,
    );
    const asked = new Map(cars.map((car) => [car.id, car.price]));
    return (value.content as unknown as FinanceVehicleSource[]).filter(
      (car) => asked.get(car.car_id) === car.car_price,
    );
  }

  private async quote(key: string, car: FinanceVehicleSource, ctx: CallContext): Promise<CardQuote | null> {
    const vehicle = financeVehicleOf(car);
    try {
      const first = vehicle
        ? (await this.deps.codeweaver.defaultQuotes({ Vehicle: vehicle }, ctx)).Quotes[0]
        : undefined;
      const quote = first ? cardQuoteOf(first) : null;
      await this.records.keep(key, quote ? JSON.stringify(quote) : NONE, quote ? QUOTE_KEPT_MS : UNQUOTABLE_KEPT_MS);
      return quote;
    } catch (err) {
      this.deps.logger.warn(
        { err, requestId: ctx.requestId, carId: car.car_id },
        'card quote failed: the card shows the cash price',
      );
      return null;
    }
  }
}

function readKept(text: string | undefined): CardQuote | undefined {
  if (!text || text === NONE) return undefined;
  try {
    const parsed = CardQuoteSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function cardQuoteOf(quote: FinanceQuote): CardQuote {
  return {
    cashPrice: quote.CashPrice,
    product: quote.FamilyKey,
    term: quote.Term,
    deposit: quote.Deposit,
    payment: quote.Payment,
    numberOfPayments: quote.NumberOfPayments,
    finalPayment: quote.FinalPayment,
    amountOfCredit: quote.AmountOfCredit,
    totalPayable: quote.TotalPayable,
    apr: quote.Apr,
  };
}

/** Cars with the quote of their card's price, where there is one (a new array: the cached cars are frozen). */
export function withQuotes<C extends { id: string }>(cars: readonly C[], quotes: ReadonlyMap<string, CardQuote>): C[] {
  return cars.map((car) => {
    const quote = quotes.get(car.id);
    return quote ? { ...car, quote } : car;
  });
}
