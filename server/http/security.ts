import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** A fresh nonce per response: island scripts carry it, nothing else inline may run. */
export const assignCspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
};

/** The origin of an absolute tile template (https://tiles.example/{z}/{x}/{y}.png), which img-src must allow. */
export function tileOrigin(tileUrl: string): string | undefined {
  return /^https:\/\/[^/]+/.exec(tileUrl)?.[0];
}

export function securityHeaders(options: { isDevelopment: boolean; mapTileUrl?: string }): RequestHandler {
  const tiles = options.mapTileUrl ? tileOrigin(options.mapTileUrl) : undefined;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
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
    crossOriginEmbedderPolicy: false,
  });
}
