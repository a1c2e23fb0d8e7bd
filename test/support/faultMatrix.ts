import { request } from 'undici';
import { CONTENT_SANDBOX_PREVIEW_TOKEN } from '../../contracts/upstream/content.js';
import { MARKETS } from '../../markets/registry.js';
import { FaultSchema, type Fault } from '../../sandbox/faults.js';
import { EXAMPLE_MARKET, type AnyApiOperation } from '../../server/api/apiOperation.js';

/**
 * The fault matrix's parts, each generated from what the product declares: the targets (every API
 * operation by its example, a page of every page type, the layout loads, the media relay) and the
 * faults (every field of the sandbox's FaultSchema).
 */

export type AnswerKind = 'json' | 'stream' | 'page' | 'media';

export interface Target {
  name: string;
  kind: AnswerKind;
  host: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers: Record<string, string>;
  /** The same request made anew (an operation's example has ids that must be fresh each time). */
  fresh?: () => Target;
}

export interface Outcome {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body broke off (the connection ended before it was whole). */
  aborted: boolean;
}

export async function send(origin: string, given: Target, extraHeaders: Record<string, string> = {}): Promise<Outcome> {
  const target = given.fresh?.() ?? given;
  const res = await request(origin + target.path, {
    method: target.method,
    headers: { host: target.host, ...target.headers, ...extraHeaders },
    body: target.body ?? null,
  });
  try {
    return { status: res.statusCode, headers: res.headers, text: await res.body.text(), aborted: false };
  } catch {
    return { status: res.statusCode, headers: res.headers, text: '', aborted: true };
  }
}

/** An operation's example as a request on its market's host. */
export function operationTarget(op: AnyApiOperation): Target {
  if (!op.example)
    throw new Error(
      `${op.method.toUpperCase()} /api${op.path} has no example: add one to its operation (server/api/apiOperation.ts)`,
    );
  const example = op.example();
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = example.params?.[name];
    if (value === undefined) throw new Error(`the example of ${op.path} has no path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(example.query ?? {}).toString();
  const headers: Record<string, string> = {};
  if (example.body !== undefined) headers['content-type'] = 'application/json';
  if (example.cookies)
    headers.cookie = Object.entries(example.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  return {
    name: `${op.method.toUpperCase()} /api${op.path}`,
    kind: op.response.contentType === 'text/event-stream' ? 'stream' : 'json',
    host: `${example.market ?? EXAMPLE_MARKET}.localhost`,
    method: op.method === 'get' ? 'GET' : 'POST',
    path: `/api${path}${query ? `?${query}` : ''}`,
    ...(example.body !== undefined ? { body: JSON.stringify(example.body) } : {}),
    headers,
    fresh: () => operationTarget(op),
  };
}

const pageTarget = (name: string, host: string, path: string): Target => ({
  name,
  kind: 'page',
  host,
  method: 'GET',
  path,
  headers: {},
});

/**
 * A page of every page type the content service has (first market that has it), every other page
 * route (car and site detail, found as a shopper would: from the sitemap and a search), the layout
 * loads (a page in editing mode, which bypasses the layout cache) and the media relay (an image the
 * home page shows).
 */
export async function pageTargets(origin: string, sandboxUrl: string): Promise<Target[]> {
  const targets: Target[] = [];
  const seenTypes = new Set<string>();
  for (const market of MARKETS) {
    const res = await request(`${sandboxUrl}/content/${market.contentSite}/sitemap`);
    const { pages } = (await res.body.json()) as { pages: Array<{ path: string; pageType: string }> };
    for (const page of pages) {
      if (seenTypes.has(page.pageType)) continue;
      const target = pageTarget(
        `page type ${page.pageType} (${market.id} ${page.path})`,
        market.devHostname,
        page.path,
      );
      if ((await send(origin, target)).status !== 200) continue; // e.g. a path the market's table redirects
      seenTypes.add(page.pageType);
      targets.push(target);
    }
  }
  const se = MARKETS.find((m) => m.id === 'se')!;
  const sitemap = (await send(origin, pageTarget('sitemap', se.devHostname, '/sitemap.xml'))).text;
  const site = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]!).pathname)
    .find((p) => p.startsWith(`${se.paths.siteDetail}/`));
  if (site) targets.push(pageTarget(`site detail (${site})`, se.devHostname, site));
  const search = await send(origin, {
    name: 'search',
    kind: 'json',
    host: se.devHostname,
    method: 'POST',
    path: '/api/search',
    body: JSON.stringify({ index: 'cars', fields: ['car_id', 'slug'], limit: 1 }),
    headers: { 'content-type': 'application/json' },
  });
  const car = (JSON.parse(search.text) as { content: Array<{ car_id: string; slug: string }> }).content[0];
  if (car)
    targets.push(pageTarget('car detail', se.devHostname, `${se.paths.carDetailBase}/${car.car_id}/${car.slug}`));
  targets.push(pageTarget('layout loads (editing mode)', se.devHostname, `/?preview=${CONTENT_SANDBOX_PREVIEW_TOKEN}`));
  const home = (await send(origin, pageTarget('home', se.devHostname, '/'))).text;
  // A file the relay sends as it is: an SVG logo the page shows. A raster picture is made by the pipeline, with or
  // without a width, and once made answered from its stores (test/integration/media/pictures.test.ts has its faults).
  const media = /(?:src|href)="(\/media\/[^"?]+\.svg)"/.exec(home)?.[1];
  if (!media) throw new Error('the home page shows no /media/ file to relay');
  // The sandbox makes a photograph the first time it is asked for (and starts its maker process then):
  // longer than the matrix's short deadline on a busy machine, so it is made before the baseline.
  await (await request(`${sandboxUrl}${media.replace(/&amp;/g, '&')}`)).body.dump();
  targets.push({
    name: `media relay (${media})`,
    kind: 'media',
    host: se.devHostname,
    method: 'GET',
    path: media.replace(/&amp;/g, '&'),
    headers: {},
  });
  return targets;
}

export interface FaultCase {
  name: string;
  fault: Fault;
}

/** Every field of the sandbox's FaultSchema, each with the value(s) that make it a failure. */
export function faultCases(deadlineMs: number, maxBodyBytes: number): FaultCase[] {
  const values: Record<string, unknown[]> = {
    latencyMs: [deadlineMs + 300],
    status: [409, 503],
    oversizedBytes: [Math.round(maxBodyBytes * 1.5)],
  };
  return Object.entries(FaultSchema.shape).flatMap(([key, schema]) => {
    const chosen = values[key] ?? (schema.safeParse(true).success ? [true] : undefined);
    if (!chosen)
      throw new Error(
        `the fault matrix does not know what value of sandbox fault ${key} fails a call: add it to faultCases`,
      );
    return chosen.map((value) => ({ name: `${key}=${String(value)}`, fault: { [key]: value } as Fault }));
  });
}

/** The documented API error for an upstream failing this way (server/upstream/upstreamError.ts). */
export function documentedApiError(fault: Fault): { status: number; code: string } {
  if (fault.latencyMs !== undefined || fault.hang) return { status: 504, code: 'upstream_timeout' };
  if (fault.status !== undefined) return { status: fault.status < 500 ? fault.status : 502, code: 'upstream_status' };
  if (fault.reset || fault.cut) return { status: 502, code: 'upstream_unreachable' };
  return { status: 502, code: 'upstream_bad_answer' };
}

/** Faults that reach an event stream only after it started: the stream's own last message says so. */
export const failsInsideStream = (fault: Fault) => Boolean(fault.cut || fault.malformed || fault.oversizedBytes);

/** `data:` payloads of an event-stream body. */
export function streamMessages(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as unknown);
}
