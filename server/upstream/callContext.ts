import type { Request, Response } from 'express';
import type { CallContext } from './upstreamHttp.js';

/**
 * What an upstream call carries from the shopper's request: its id for the logs, the client whose
 * byte budgets what it stores counts against, its in-flight place (claimed by a cache that misses), and
 * a signal that fires when the shopper's connection closes before the answer is sent, to abandon the work.
 */
export function callContextOf(req: Request, res: Response): CallContext {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const claim = res.locals.inFlight?.claim;
  return { ...writeContextOf(req, res), signal: controller.signal, ...(claim ? { claim } : {}) };
}

/**
 * The context of a write (a lead, a booking): never abandoned half way. A shopper who closes the tab
 * after pressing send still gets the booking, and the retry that follows finds it made, where an
 * abandoned call would leave it unknown whether the service made it.
 */
export function writeContextOf(req: Request, res: Response): CallContext {
  const { market, language, clientKey } = res.locals as Partial<
    Pick<typeof res.locals, 'market' | 'language' | 'clientKey'>
  >;
  const otherLanguage = market && language && language !== market.languages[0] ? language : undefined;
  return {
    requestId: String(req.id),
    ...(otherLanguage ? { language: otherLanguage } : {}),
    ...(clientKey ? { client: clientKey } : {}),
  };
}
