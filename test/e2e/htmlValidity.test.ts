import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import { marketUrl, startRunningBff } from '../support/runningBff.js';
import { everyPageType, pageLabel, settledPage } from '../support/everyPageType.js';
import { getPage } from '../support/samplePages.js';

/**
 * The W3C Nu HTML Checker (vnu-jar, on Java 17) over one page of every type of every market, as the server
 * sends it and as it stands once its islands have hydrated: one JVM for all the documents (each start
 * costs about a second).
 */
const VNU_JAR = 'node_modules/vnu-jar/build/dist/vnu.jar';
jest.setTimeout(600_000); // every page twice (as served, and hydrated in Chromium), then one JVM

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

let bff: Awaited<ReturnType<typeof startRunningBff>>;
let browser: Browser;
beforeAll(async () => {
  bff = await startRunningBff();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await bff?.shutdown('test over');
});

/** The document after its islands hydrated, serialised as the browser holds it. */
async function hydratedHtml(devHostname: string, path: string): Promise<string> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  try {
    await page.goto(marketUrl(bff, devHostname, path));
    await settledPage(page);
    return `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`;
  } finally {
    await page.close();
  }
}

describe('HTML validity (W3C Nu HTML Checker)', () => {
  it('finds no error on any page type of any market', async () => {
    const pages = await everyPageType(bff);
    const dir = await mkdtemp(join(tmpdir(), 'vnu-'));
    try {
      const files = new Map<string, string>();
      for (const page of pages) {
        const answer = await getPage(bff, page.market.devHostname, page.path);
        expect([pageLabel(page), answer.status]).toEqual([pageLabel(page), page.status]);
        const name = pageLabel(page).replace(/[^a-z0-9-]+/gi, '_');
        files.set(`${name}.html`, `${pageLabel(page)} (${page.path})`);
        await writeFile(join(dir, `${name}.html`), answer.text);
        files.set(`${name}.hydrated.html`, `${pageLabel(page)} (${page.path}, hydrated)`);
        await writeFile(join(dir, `${name}.hydrated.html`), await hydratedHtml(page.market.devHostname, page.path));
      }
      const { stdout } = await promisify(execFile)('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always', ...[...files.keys()].map((f) => join(dir, f))], {
        maxBuffer: 64 * 1024 * 1024,
      });
      const messages = (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
      const errors = messages
        .filter((m) => m.type !== 'info')
        .map((m) => `${files.get(basename(m.url ?? '')) ?? m.url}:${m.lastLine ?? '?'}: ${m.message}${m.extract ? ` — ${m.extract.trim()}` : ''}`);
      expect(files.size).toBe(2 * pages.length);
      expect(errors).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
