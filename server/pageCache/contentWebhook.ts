import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { MarketIdSchema } from '../../markets/schema.js';
import { ApiError, apiErrorBody } from '../http/apiError.js';
import { marketKeyPrefix, pathKeyPrefix } from './pageKey.js';
import type { WebhookReplays } from './webhookReplays.js';
import { withoutTrailingSlashes } from '../../contracts/pagePath.js';

export const SIGNATURE_HEADER = 'x-webhook-signature';
export const TIMESTAMP_HEADER = 'x-webhook-timestamp';
/** A call is accepted this long either side of its timestamp (clock skew and delivery). */
export const WEBHOOK_WINDOW_MS = 5 * 60_000;

/** What the content service says was published: one page of one market, a whole market, or everything. */
const PurgeSchema = z.discriminatedUnion('scope', [
  z.strictObject({
    scope: z.literal('path'),
    market: MarketIdSchema,
    path: z.string().regex(/^\/[^\s?#]{0,500}$/, 'a path starting with /'),
  }),
  z.strictObject({ scope: z.literal('market'), market: MarketIdSchema }),
  z.strictObject({ scope: z.literal('all') }),
]);
export type Purge = z.infer<typeof PurgeSchema>;

/** The cache key prefixes a purge drops; page keys hold the path without trailing slashes (pageKey.ts), so one prefix takes every spelling. */
export function purgePrefixes(purge: Purge): string[] {
  if (purge.scope === 'all') return [''];
  if (purge.scope === 'market') return [marketKeyPrefix(purge.market)];
  return [pathKeyPrefix(purge.market, withoutTrailingSlashes(purge.path))];
}

/** `sha256=<hex>` of HMAC-SHA256 over `<timestamp>.` and the exact body bytes (the timestamp in Unix seconds). */
export function signBody(secret: string, timestamp: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

function signatureMatches(secret: string, timestamp: string, body: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, timestamp, body));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const withinWindow = (timestamp: string, nowMs: number) =>
  /^\d{1,12}$/.test(timestamp) && Math.abs(nowMs - Number(timestamp) * 1000) <= WEBHOOK_WINDOW_MS;

/**
 * POST /api/content/webhook: purge on publish. The body is signed together with its timestamp with
 * the shared secret (CONTENT_WEBHOOK_SECRET); an unsigned or wrongly signed call, one whose timestamp
 * is more than 5 minutes off, and a second use of a signature are 401 and purge nothing (a captured
 * 'purge all' cannot be replayed). Without a secret configured the webhook does not exist (404).
 */
export function contentWebhook(options: {
  secret: string | undefined;
  purge: (prefixes: string[]) => Promise<number>;
  replays: WebhookReplays;
  logger: Logger;
  now?: () => number;
}): Router {
  const now = options.now ?? Date.now;
  const router = Router();
  router.post('/api/content/webhook', express.raw({ type: () => true, limit: '16kb' }), async (req, res) => {
    const fail = (error: ApiError) => res.status(error.status).json(apiErrorBody(error, String(req.id)));
    if (!options.secret) return fail(new ApiError(404, 'not_found', 'No API route POST /api/content/webhook'));
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const timestamp = req.get(TIMESTAMP_HEADER)?.trim() ?? '';
    const signature = req.get(SIGNATURE_HEADER);
    if (!signatureMatches(options.secret, timestamp, body, signature)) {
      options.logger.warn({ requestId: req.id }, 'content webhook refused: bad signature');
      return fail(
        new ApiError(401, 'bad_signature', `${SIGNATURE_HEADER} does not sign ${TIMESTAMP_HEADER} and this body`),
      );
    }
    if (!withinWindow(timestamp, now())) {
      options.logger.warn({ requestId: req.id }, 'content webhook refused: timestamp outside the window');
      return fail(new ApiError(401, 'stale_signature', `${TIMESTAMP_HEADER} is more than 5 minutes from now`));
    }
    if (!(await options.replays.firstUse(signature!.trim()))) {
      options.logger.warn({ requestId: req.id }, 'content webhook refused: replayed signature');
      return fail(new ApiError(401, 'replayed_signature', 'This signature was used before'));
    }
    let parsed;
    try {
      parsed = PurgeSchema.safeParse(JSON.parse(body.toString('utf8')));
    } catch {
      return fail(new ApiError(400, 'bad_request', 'The body is not JSON'));
    }
    if (!parsed.success)
      return fail(new ApiError(400, 'bad_request', parsed.error.issues[0]?.message ?? 'Invalid purge'));
    const dropped = await options.purge(purgePrefixes(parsed.data));
    options.logger.info({ requestId: req.id, purge: parsed.data, dropped }, 'page cache purged on publish');
    res.set('Cache-Control', 'no-store').json({ purged: parsed.data, localEntries: dropped });
  });
  return router;
}
