// npm run bench:bundles — the JavaScript each kind of page makes the browser load, gzip-compressed, against
// the budgets of issue #7 (car list ≤ 100 KB, car detail ≤ 80 KB, 81 since #30's pictures, React in one chunk shared by every island,
// a page of blocks only without React), of issue #16 (the UK car page with the finance card ≤ 90 KB, 91 since #30) and of issue
// #13 (the tire hotel page ≤ 110 KB; its Booking chunk, fetched once logged in, is shown as 'on demand'). Builds
// the client when there is no build (`--build` forces one), starts the BFF with the sandbox, reads each page's
// <script type="module"> and modulepreload tags, follows the Vite manifest's static imports, and gzips every
// file. The field-data module every page loads (#17: under 3 KB) is counted on a line of its own, not in each
// page's budget. Exits 1 when a page or the field-data module is over its budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { marketById } from '../../markets/registry.js';
import { CLIENT_BUILD_DIR } from '../../client/entryPath.js';
import { startTestStack } from '../support/testStack.js';
import { ensureClientBuild, getPage, samplePages } from '../../scripts/stack/samplePages.js';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}

const KB = 1024;
/** Budgets in gzip KB; `noReact` pages must not load the React chunk. */
const BUDGETS: Record<string, { kb?: number; noReact?: boolean }> = {
  'car list': { kb: 100 },
  // 80 and 90 until issue #30: its picture component (srcset over the allowed widths, layouts, the CDN template)
  // is a 1.1 KB chunk every island page shares, against about 1.6 MB of photographs a phone no longer downloads.
  // 86 since issue #39's saved cars: the save toggle, recently viewed (a 1.9 KB island) and the header's count in
  // the enhance script (+1.4 KB on every page) measured 85.9. 87.5 since issue #53: the cards' monthly price and
  // distance (+0.3 KB in the recently viewed cards) and the share button in the enhance script (+0.1 KB) measured 87.0.
  'car detail': { kb: 87.5 },
  'tire hotel': { kb: 110 },
  // Issue #16: the UK car page adds the finance calculator. 97.5 since issue #53 (the cards' monthly price with the
  // representative example, Dela in the enhance script): 96.9 here, 97.02 as test/e2e/carDetail.test.ts counts it.
  'UK car detail': { kb: 97.5 },
  /** Issue #12: the booking island before the map chunk (Leaflet is a dynamic import, not followed here). */
  booking: { kb: 110 },
  'content page': { noReact: true },
  // Issue #39: the site list searches as the shopper types (React, the site cards, the search): 75.9 KB measured.
  'site list': { kb: 80 },
  // Issue #39: the saved-cars page (React, the kept cars' cards, one search for their current prices): 78.5 KB.
  // 82 since issue #53: the saved searches, an island of their own (1.4 KB) so car pages never load it: 81.1 KB.
  'saved cars': { kb: 82 },
};
/** The Swedish site's pages, and the UK car page (the only one with the finance card). */
const MEASURED: { market: 'se' | 'uk'; page: string; name: string }[] = [
  ...['car list', 'car detail', 'booking', 'home', 'content page', 'tire hotel', 'site list', 'saved cars'].map(
    (page) => ({
      market: 'se' as const,
      page,
      name: page,
    }),
  ),
  { market: 'uk', page: 'car detail', name: 'UK car detail' },
];

const manifestPath = ensureClientBuild(process.argv.includes('--build'));
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
const keyByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
const gzipKb = new Map<string, number>();
const sizeOf = (url: string) => {
  if (!gzipKb.has(url)) gzipKb.set(url, gzipSync(readFileSync(`${CLIENT_BUILD_DIR}${url}`)).length / KB);
  return gzipKb.get(url)!;
};
/** The field-data module (client/rum/reportVitals.ts), on every page: its own budget, issue #17. */
const FIELD_DATA_KB = 3;
const fieldDataFiles = Object.values(manifest)
  .filter((c) => c.src === 'client/rum/reportVitals.ts')
  .map((c) => `/${c.file}`);
/** The chunk vite.config.ts puts react, react-dom and scheduler in: the one every island shares. */
const reactFiles = Object.values(manifest)
  .filter((c) => c.name === 'react' && c.file.endsWith('.js'))
  .map((c) => `/${c.file}`);

/** Every JS file a page loads: its scripts and preloads, plus whatever they import statically. */
function pageScripts(html: string): string[] {
  const tags = [...html.matchAll(/<script type="module" src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map(
    (m) => (m[1] ?? m[2])!,
  );
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of manifest[keyByFile.get(file) ?? '']?.imports ?? []) visit(`/${manifest[imported]!.file}`);
  };
  tags.filter((src) => src.startsWith('/assets/')).forEach(visit);
  return [...files];
}

/** What the page's scripts may fetch later (dynamic imports, e.g. the tire hotel's Booking page), not counted against the budget. */
function onDemandKb(files: string[]): number {
  const later = new Set<string>();
  const visit = (key: string) => {
    const file = `/${manifest[key]!.file}`;
    if (files.includes(file) || later.has(file)) return;
    later.add(file);
    for (const imported of [...(manifest[key]!.imports ?? []), ...(manifest[key]!.dynamicImports ?? [])])
      visit(imported);
  };
  files.forEach((file) => manifest[keyByFile.get(file) ?? '']?.dynamicImports?.forEach(visit));
  return [...later].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + sizeOf(file), 0);
}

const { bff, stop } = await startTestStack({ bff: 'server' });
let failed = false;
try {
  const samples = { se: await samplePages(bff, marketById('se')), uk: await samplePages(bff, marketById('uk')) };
  const rows: string[][] = [];
  const reactUsers: string[] = [];
  for (const measured of MEASURED) {
    const { name } = measured;
    const market = marketById(measured.market);
    const { pages, missing } = samples[measured.market];
    const page = pages.find((p) => p.name === measured.page);
    const budget = BUDGETS[name] ?? {};
    const answer = page ? await getPage(bff, market.devHostname, page.path) : undefined;
    if (!page || !answer || answer.status !== 200) {
      rows.push([
        name,
        page?.path ?? '(none found)',
        '-',
        '-',
        budget.kb ? `${budget.kb}` : '-',
        `skipped: ${answer ? `HTTP ${answer.status}` : missing.includes(measured.page) ? 'not found' : 'no page'} (not built yet?)`,
      ]);
      continue;
    }
    const files = pageScripts(answer.text).filter((file) => !fieldDataFiles.includes(file));
    const total = files.reduce((sum, file) => sum + sizeOf(file), 0);
    // BENCH_BUNDLE_FILES=1 lists each page's files with their sizes, to see what a budget is spent on.
    if (process.env.BENCH_BUNDLE_FILES)
      console.log(`${name}:\n  ${files.map((f) => `${f} ${sizeOf(f).toFixed(2)} KB`).join('\n  ')}`);
    const loadsReact = files.some((f) => reactFiles.includes(f));
    if (loadsReact) reactUsers.push(name);
    const over = (budget.kb !== undefined && total > budget.kb) || (budget.noReact === true && loadsReact);
    failed ||= over;
    const verdict = over
      ? budget.noReact && loadsReact
        ? 'FAIL (loads React)'
        : 'FAIL'
      : budget.kb || budget.noReact
        ? 'pass'
        : 'report only';
    const later = onDemandKb(files);
    rows.push([
      name,
      page.path,
      String(files.length),
      total.toFixed(1),
      budget.kb ? `${budget.kb}` : budget.noReact ? 'no React' : '-',
      later > 0 ? `${verdict} (+${later.toFixed(1)} KB on demand)` : verdict,
    ]);
  }
  const header = ['page', 'path', 'files', 'KB gzip', 'budget', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log('\nJavaScript per page (market se, and the UK car page; gzip as served, static imports followed)\n');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.forEach((r) => console.log(line(r)));
  const fieldDataKb = fieldDataFiles.reduce((sum, file) => sum + sizeOf(file), 0);
  const fieldDataOver = fieldDataKb > FIELD_DATA_KB;
  failed ||= fieldDataOver;
  console.log(
    line([
      'field data',
      '(every page)',
      String(fieldDataFiles.length),
      fieldDataKb.toFixed(1),
      `${FIELD_DATA_KB}`,
      fieldDataOver ? 'FAIL' : 'pass',
    ]),
  );
  const react =
    reactFiles.map((f) => `${f} (${sizeOf(f).toFixed(1)} KB)`).join(', ') || '(no React chunk in the build)';
  console.log(`\nReact chunk: ${react}; loaded by: ${reactUsers.join(', ') || 'none of these pages'}`);
  if (reactFiles.length > 1) {
    console.log('FAIL: React is in more than one chunk');
    failed = true;
  }
  console.log(failed ? '\nOver budget.' : '\nAll within budget.');
} finally {
  await stop();
}
process.exit(failed ? 1 : 0);
