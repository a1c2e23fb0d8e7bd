import express from 'express';
import request from 'supertest';
import { marketById } from '../../../markets/registry.js';
import type { MarketId } from '../../../markets/schema.js';
import { compileRedirects } from '../../../server/redirects/compile-redirects.js';
import { createRedirectMiddleware } from '../../../server/redirects/redirect-middleware.js';
import { parseRedirectTable } from '../../../server/redirects/redirect-table.js';

const compiled = compileRedirects([
  { marketId: 'uk', table: parseRedirectTable('uk.txt', '/used/{path*}  /buy-car/used-cars/{path*}') },
  { marketId: 'se', table: parseRedirectTable('se.txt', '/dackdepa/success  /dack-och-biltillbehor/dackkop-tack') },
]);

/** A tiny app: the test stands in for the market-resolution middleware. */
function appFor(marketId: MarketId | null) {
  const app = express();
  app.use((_req, res, next) => {
    if (marketId) res.locals.market = marketById(marketId);
    next();
  });
  app.use(createRedirectMiddleware(compiled));
  app.all('/{*rest}', (_req, res) => void res.status(200).send('page'));
  return app;
}

describe('the redirect middleware', () => {
  test('answers GET with 301 and a same-host Location, keeping the query', async () => {
    const response = await request(appFor('uk')).get('/used/bmw/x5?utm_source=mail');
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('/buy-car/used-cars/bmw/x5?utm_source=mail');
  });
  test('answers HEAD too', async () => {
    const response = await request(appFor('se')).head('/dackdepa/success');
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('/dack-och-biltillbehor/dackkop-tack');
  });
  test('passes other methods, unknown paths and other markets on to the next handler', async () => {
    expect((await request(appFor('uk')).post('/used/bmw/x5')).status).toBe(200);
    expect((await request(appFor('uk')).get('/buy-car/used-cars')).status).toBe(200);
    expect((await request(appFor('uk')).get('/dackdepa/success')).status).toBe(200);
    expect((await request(appFor(null)).get('/used/bmw/x5')).status).toBe(200);
  });
  test('never sends an off-site Location for a hostile path', async () => {
    const response = await request(appFor('uk')).get('/used/%2F%2Fevil.example');
    expect(response.status).toBe(200);
  });
});
