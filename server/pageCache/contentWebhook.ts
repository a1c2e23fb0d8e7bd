import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { MarketIdSchema } from '../../markets/schema.js';
import { ApiError, apiErrorBody } from '../http/apiError.js';
import { marketKeyPrefix, pathKeyPrefix } from './pageKey.js';
import { withoutTrailingSlashes } from '../../contracts/pagePath.js';

export const SIGNATURE_HEADER = 'x-webhook-signature';

/** What the content service says was published: one page of one market, a whole market, or everything. */
const PurgeSchema = z.discriminatedUnion('scope', [
  z.strictObject({ scope: z.literal('path'), market: MarketIdSchema, path: z.string().regex(/^\/[^\s?#]{0,500}$/, 'a path starting with /') }),
  z.strictObject({ scope: z.literal('market'), market: MarketIdSchema }),
  z.strictObject({ scope: z.literal('all') }),
]);
export type Purge = z.infer<typeof PurgeSchema>;

/** The cache key prefixes a purge drops; a page path takes its trailing-slash twin with it. */
export function purgePrefixes(purge: Purge): string[] {
  if (purge.scope === 'all') return [''];
  if (purge.scope === 'market') return [marketKeyPrefix(purge.market)];
  const bare = withoutTrailingSlashes(purge.path);
  return bare === '/' ? [pathKeyPrefix(purge.market, '/')] : [pathKeyPrefix(purge.market, bare), pathKeyPrefix(purge.market, `${bare}/`)];
}

/** `sha256=<hex>` of HMAC-SHA256 over the exact body bytes. */
export function signBody(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

function signatureMatches(secret: string, body: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * POST /api/content/webhook: purge on publish. The body is signed with the shared secret
 * (CONTENT_WEBHOOK_SECRET); an unsigned or wrongly signed call is 401 and purges nothing. Without
 * a secret configured the webhook does not exist (404).
 */
export function contentWebhook(options: { secret: string | undefined; purge: (prefixes: string[]) => Promise<number>; logger: Logger }): Router {
  const router = Router();
  router.post('/api/content/webhook', express.raw({ type: () => true, limit: '16kb' }), async (req, res) => {
    const fail = (error: ApiError) => res.status(error.status).json(apiErrorBody(error, String(req.id)));
    if (!options.secret) return fail(new ApiError(404, 'not_found', 'No API route POST /api/content/webhook'));
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!signatureMatches(options.secret, body, req.get(SIGNATURE_HEADER))) {
      options.logger.warn({ requestId: req.id }, 'content webhook refused: bad signature');
      return fail(new ApiError(401, 'bad_signature', `${SIGNATURE_HEADER} does not sign this body`));
    }
    let parsed;
    try {
      parsed = PurgeSchema.safeParse(JSON.parse(body.toString('utf8')));
    } catch {
      return fail(new ApiError(400, 'bad_request', 'The body is not JSON'));
    }
    if (!parsed.success) return fail(new ApiError(400, 'bad_request', parsed.error.issues[0]?.message ?? 'Invalid purge'));
    const dropped = await options.purge(purgePrefixes(parsed.data));
    options.logger.info({ requestId: req.id, purge: parsed.data, dropped }, 'page cache purged on publish');
    res.set('Cache-Control', 'no-store').json({ purged: parsed.data, localEntries: dropped });
  });
  return router;
}
