import type { Response } from 'express';

/** A signal that fires when the shopper's connection closes before the answer is sent, to abandon upstream work. */
export function abortSignalOf(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
