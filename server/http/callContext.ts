import type { Request, Response } from 'express';
import type { CallContext } from '../upstream/upstreamHttp.js';

/**
 * What an upstream call carries from the shopper's request: its id for the logs, and a signal
 * that fires when the shopper's connection closes before the answer is sent, to abandon the work.
 */
export function callContextOf(req: Request, res: Response): CallContext {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const { market, language } = res.locals as Partial<Pick<typeof res.locals, 'market' | 'language'>>;
  const otherLanguage = market && language && language !== market.languages[0] ? language : undefined;
  return { requestId: String(req.id), signal: controller.signal, ...(otherLanguage ? { language: otherLanguage } : {}) };
}
