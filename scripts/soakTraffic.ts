import { request, type Dispatcher } from 'undici';
import { CarSchema, SEARCH_RANGE_FIELDS, SEARCH_TERM_FIELDS } from '../contracts/upstream/search.js';
import { MARKETS } from '../markets/registry.js';

/** One request of the soak's mix, on one market's host. */
export interface SoakRequest {
  kind: string;
  host: string;
  method: 'GET' | 'POST';
  path: string;
  body?: () => string;
  /** Sent as the request's Accept (pictures: a browser's, so the best format is chosen). */
  accept?: string;
  /** Paths asked for in turn instead of `path`, one a request (pictures: new variants until the pool has been walked once, cached ones after). */
  pool?: readonly string[];
}

export interface Answer {
  kind: string;
  status: number;
  /** The error code of an /api answer, 'page' for HTML, 'network' when no answer came. */
  cause: string;
  /** A 5xx that is not the documented answer to an upstream failure. */
  unexpected: boolean;
  ms: number;
}

/**
 * 5xx answers the API documents for a failing upstream or dependency (the account limits refuse while Redis is
 * killed: `limits_unavailable`, and so is a lead or booking whose id it cannot record: `submission_unrecorded`, which
 * the client kit sends again after its Retry-After, client/forms/postWithRetries.ts; a process at its cap of workshop
 * streams: `streams_full`; picture transforms at their queue's bound: `images_busy`); anything else 5xx is a defect.
 */
const DOCUMENTED_5XX_CODES =
  /^(upstream_|service_unavailable|dependency_unavailable|limits_unavailable$|submission_unrecorded$|streams_full$|images_busy$)/;
/** What Chrome sends for an <img>. */
const PICTURE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
/** Widths of the allow-list (contracts/imageVariants.ts) a phone's and a desktop's browser pick most from a picture's srcset. */
const PICTURE_WIDTHS = [384, 640, 828, 1080];
/**
 * Photographs a market's pictures are taken from: six markets' fit in what the sandbox keeps made (48 MB,
 * about 170), so that after the first walk its media service answers as a real one does, from storage.
 */
const PHOTOS_PER_MARKET = 16;
/** Where each request with a pool is in it. */
const poolTurns = new WeakMap<SoakRequest, number>();

/**
 * The pictures a page shows, by the URLs its HTML names them with (src and srcset alike): the media
 * service's versioned URL (`?v=`), any width or quality left off.
 */
function picturesOf(html: string): string[] {
  return [
    ...new Set(
      [...html.replace(/&amp;/g, '&').matchAll(/\/media\/[\w/-]+\.(?:jpe?g|png)\?v=[0-9a-f]{8,64}/g)].map((m) => m[0]),
    ),
  ];
}

const json = { 'content-type': 'application/json' };
let submission = 0;

/** Every market's pages (home, car list with filters, car detail, a site, a story) and API calls, found as a shopper would. */
export async function trafficMix(origin: string, dispatcher: Dispatcher): Promise<SoakRequest[]> {
  const mix: SoakRequest[] = [];
  for (const market of MARKETS) {
    const host = market.devHostname;
    const get = (kind: string, path: string): SoakRequest => ({ kind, host, method: 'GET', path });
    const sitemap = await (await request(`${origin}/sitemap.xml`, { dispatcher, headers: { host } })).body.text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const search = await request(`${origin}/api/search`, {
      dispatcher,
      method: 'POST',
      headers: { host, ...json },
      body: JSON.stringify({ index: 'cars', fields: ['car_id', 'slug'], limit: 3 }),
    });
    const cars =
      search.statusCode === 200
        ? ((await search.body.json()) as { content: Array<{ car_id: string; slug: string }> }).content
        : (await search.body.text(), []);
    mix.push(get('home', '/'), get('car list', `${market.paths.carList}?keyphrase=a&page=2`));
    for (const car of cars) mix.push(get('car detail', `${market.paths.carDetailBase}/${car.car_id}/${car.slug}`));
    // Pictures as a browser asks for them, from the URLs the pages name: the car list's first ones again and again
    // (every shopper's first view: cached variants), and every picture of the car pages and home in turn, at the
    // widths browsers pick (new variants on the first walk through, as a catalogue's are: what the pipeline's
    // queue, budgets and stores are bounded for; cached ones after).
    const page = async (path: string) =>
      (await request(`${origin}${path}`, { dispatcher, headers: { host } })).body.text();
    const carList = picturesOf(await page(market.paths.carList)).slice(0, 2);
    const shown = [...carList, ...picturesOf(await page('/'))];
    for (const car of cars)
      shown.push(...picturesOf(await page(`${market.paths.carDetailBase}/${car.car_id}/${car.slug}`)));
    const photos = [...new Set(shown)].slice(0, PHOTOS_PER_MARKET);
    // Each original fetched once first, as its smallest variant (the cheapest the pipeline makes): the sandbox makes a
    // photograph on its first request, one at a time, and a soak's first seconds of new ones would time out there, not here.
    for (const photo of photos)
      await (await request(`${origin}${photo}&w=64`, { dispatcher, headers: { host } })).body.dump();
    for (const [i, picture] of carList.entries())
      mix.push({
        kind: 'picture',
        host,
        method: 'GET',
        path: `${picture}&w=${PICTURE_WIDTHS[i]}`,
        accept: PICTURE_ACCEPT,
      });
    const pool = photos.flatMap((picture) => PICTURE_WIDTHS.map((w) => `${picture}&w=${w}`));
    if (pool.length > 0)
      mix.push({
        kind: 'picture variant, each in turn',
        host,
        method: 'GET',
        path: pool[0]!,
        accept: PICTURE_ACCEPT,
        pool,
      });
    const site = paths.find((p) => p.startsWith(`${market.paths.siteDetail}/`));
    const story = paths.find((p) => p.startsWith(`${market.paths.stories}/`));
    if (site) mix.push(get('site', site));
    if (story) mix.push(get('story', story));
    mix.push({
      kind: 'api search',
      host,
      method: 'POST',
      path: '/api/search',
      body: () => JSON.stringify({ index: 'cars', limit: 12, keyphrase: ['', 'volvo', 'el'][submission % 3] }),
    });
    mix.push({
      kind: 'form post',
      host,
      method: 'POST',
      path: '/api/forms/comhub',
      body: () =>
        JSON.stringify({
          formName: 'CarDetailContactForm',
          formSubmissionId: `soak-${Date.now()}-${++submission}`,
          values: { name: 'Soak', phone: '0701234567', email: 'soak@example.se' },
        }),
    });
    if (market.features.tireHotel)
      mix.push(get('tire-hotel search', '/api/tirehotel/authorization/search?regNo=DEF456'));
  }
  return mix;
}

/** `client`: the address the proxy names (TRUST_PROXY); by default one of many, as shoppers are. */
export async function send(
  origin: string,
  dispatcher: Dispatcher,
  req: SoakRequest,
  client = `10.20.${submission % 250}.${(submission >> 8) % 250}`,
): Promise<Answer> {
  const started = performance.now();
  try {
    let path = req.path;
    if (req.pool) {
      const turn = poolTurns.get(req) ?? 0;
      poolTurns.set(req, turn + 1);
      path = req.pool[turn % req.pool.length]!;
    }
    const res = await request(origin + path, {
      dispatcher,
      method: req.method,
      headers: {
        host: req.host,
        ...(req.body ? json : {}),
        ...(req.accept ? { accept: req.accept } : {}),
        'x-forwarded-for': client,
      },
      body: req.body?.() ?? null,
    });
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    const picture = req.path.startsWith('/media/') && !isJson;
    const text = picture ? (await res.body.dump(), '') : await res.body.text();
    const ms = performance.now() - started;
    const code = isJson
      ? ((JSON.parse(text) as { error?: { code?: string } }).error?.code ?? 'ok')
      : picture
        ? 'picture'
        : 'page';
    // A picture's answer to a failing media service (or an original that is not a picture) is an empty 502 or 504.
    const documented =
      res.statusCode < 500 ||
      (isJson
        ? DOCUMENTED_5XX_CODES.test(code)
        : picture
          ? res.statusCode === 502 || res.statusCode === 504
          : res.statusCode === 503 && res.headers['retry-after'] !== undefined);
    return { kind: req.kind, status: res.statusCode, cause: code, unexpected: !documented, ms };
  } catch (err) {
    return {
      kind: req.kind,
      status: 0,
      cause: `network: ${(err as Error).message}`,
      unexpected: true,
      ms: performance.now() - started,
    };
  }
}

/** One workshop stream read to its end: its status and how it ended. */
export async function workshopStream(origin: string, dispatcher: Dispatcher): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await request(
      `${origin}/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=oilservice&latitude=59.33&longitude=18.07`,
      {
        dispatcher,
        headers: { host: 'se.localhost' },
      },
    );
    const text = await res.body.text();
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    const cause = isJson
      ? ((JSON.parse(text) as { error?: { code?: string } }).error?.code ?? 'ok')
      : /"error"/.test(text)
        ? 'stream error message'
        : 'stream';
    return {
      kind: 'workshop stream',
      status: res.statusCode,
      cause,
      unexpected: res.statusCode >= 500 && !(isJson && DOCUMENTED_5XX_CODES.test(cause)),
      ms: performance.now() - started,
    };
  } catch (err) {
    return {
      kind: 'workshop stream',
      status: 0,
      cause: `network: ${(err as Error).message}`,
      unexpected: true,
      ms: performance.now() - started,
    };
  }
}

/** Every field a car answer may carry and every facet, as /api/search allows at most (60 and 30). */
const ALL_CAR_FIELDS = Object.keys(CarSchema.shape).slice(0, 60);
const ALL_CAR_FACETS = [...SEARCH_TERM_FIELDS.cars, ...SEARCH_RANGE_FIELDS.cars].slice(0, 30);

/**
 * What a client flooding the caches sends, each request new (issue 31): a deep car-list link with a value
 * no one asked for (`page=20&car_price_min=<n>`), and the largest search /api/search takes (100 cars,
 * every field and facet, a price range no one asked for).
 */
export function floodRequests(n: number): SoakRequest[] {
  const market = MARKETS[n % MARKETS.length]!;
  return [
    {
      kind: 'flood: deep car list',
      host: market.devHostname,
      method: 'GET',
      path: `${market.paths.carList}?page=20&car_price_min=${100_000 + n}`,
    },
    {
      kind: 'flood: maximal search',
      host: market.devHostname,
      method: 'POST',
      path: '/api/search',
      body: () =>
        JSON.stringify({
          index: 'cars',
          fields: ALL_CAR_FIELDS,
          facets: ALL_CAR_FACETS,
          limit: 100,
          filters: [{ field: 'car_price', values: [0, 20_000_000 + n] }],
        }),
    },
  ];
}
