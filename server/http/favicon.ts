import { Router } from 'express';

/** The site icon: a small SVG so no page ever asks for a missing /favicon.ico. */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#00466e"/>' +
  '<path d="M6 20l3-6h14l3 6v4H6z" fill="#fff"/><circle cx="11" cy="24" r="2.5" fill="#00466e"/><circle cx="21" cy="24" r="2.5" fill="#00466e"/></svg>';

export function faviconRoutes(): Router {
  const router = Router();
  router.get(['/favicon.svg', '/favicon.ico'], (_req, res) => {
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=604800').send(FAVICON_SVG);
  });
  return router;
}
