import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { templateOrigin } from './urlTemplate.js';
import { SPECULATION_RULES } from '../../views/speculationRules.js';

/** Sets the headers every answer carries, on a bare Node request and response (Express's or a fast path's). */
export type HeaderSetter = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * Browser features no page of ours uses are off for the page and every frame in it. Geolocation stays
 * for our own origin: the booking flow's 'Använd min plats'. The video players' iframes keep what their
 * `allow` attribute grants and the defaults give (fullscreen, autoplay after the click).
 */
const PERMISSIONS_POLICY =
  'accelerometer=(), browsing-topics=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/**
 * Headers every answer carries. Scripts: only files from our own origin (`script-src 'self'`, no
 * inline script, no eval, `nosniff`), so the policy needs no per-response value and one page's bytes
 * can be cached and sent to every shopper. Island props are `type="application/json"` and JSON-LD is
 * `application/ld+json`: data, never executed. `scriptHashes` allows exact inline scripts (development's
 * React Refresh preamble only).
 */
export function securityHeaders(options: {
  isDevelopment: boolean;
  scriptHashes?: readonly string[];
  mapTileUrl?: string;
  imageUrlTemplate?: string | undefined;
}): HeaderSetter {
  // Map tiles and an image CDN's pictures come from their own origins when configured so.
  const imageOrigins = [
    ...new Set(
      [options.mapTileUrl, options.imageUrlTemplate].flatMap((template) =>
        template ? (templateOrigin(template) ?? []) : [],
      ),
    ),
  ];
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.scriptHashes ?? []).map((hash) => `'${hash}'`)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        connectSrc: options.isDevelopment ? ["'self'", 'ws:'] : ["'self'"],
        // The video block's two players, loaded only after a click (views/blocks/VideoEmbedBlock.tsx); no other frame.
        frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // Development hosts are plain http on *.localhost.
        upgradeInsecureRequests: options.isDevelopment ? null : [],
      },
    },
    strictTransportSecurity: options.isDevelopment ? false : undefined,
    // Not helmet's no-referrer: under it a browser posts a form with `Origin: null`, and the lead forms' posts
    // without scripts (server/api/leadFormRoutes.ts) must name their origin to pass the cross-site guard. Other
    // sites still get no referrer at all.
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    helmetHeaders(req, res, next);
  };
}

/** The site's headers as the config and the client build decide them: one definition for the app and the request-target check. */
export function siteSecurityHeaders(config: Config, scriptHashes: readonly string[] | undefined): HeaderSetter {
  return securityHeaders({
    isDevelopment: !config.isProduction,
    // Every page's speculation rules are an inline script too, the same bytes everywhere.
    scriptHashes: [
      ...(scriptHashes ?? []),
      `sha256-${createHash('sha256').update(SPECULATION_RULES).digest('base64')}`,
    ],
    mapTileUrl: config.map.tileUrl,
    imageUrlTemplate: config.images.urlTemplate,
  });
}
