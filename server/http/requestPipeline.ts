import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/** One phase a request meets: it answers the request, or passes it on to the next phase with `next()`. */
export interface Phase {
  /** What it is, for whoever reads the list. */
  name: string;
  run(req: IncomingMessage, res: ServerResponse, next: () => void): void;
}

/**
 * The request listener that runs `phases` in the order given, as fastify's hooks do: the list in
 * server/composeApp.ts is the order a request meets them, read top to bottom. The last phase must answer.
 */
export function requestPipeline(phases: readonly Phase[]): RequestListener {
  return (req, res) => {
    const at = (index: number): void => phases[index]?.run(req, res, () => at(index + 1));
    at(0);
  };
}
