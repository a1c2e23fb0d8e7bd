import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const FULL_CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Debian's Chromium, the whole browser (or CHROMIUM_PATH): for Lighthouse and what only it does. Never a downloaded browser. */
export function chromiumPath(): string {
  return existing(process.env.CHROMIUM_PATH ?? FULL_CHROMIUM, 'chromium');
}

/**
 * The Chromium the tests drive (or TEST_CHROMIUM_PATH): Debian's headless shell, the same Chromium without the
 * browser's windowing and profile machinery, as Playwright itself uses for headless tests. A new context cost the
 * whole browser about 2.9 s of CPU and the shell 0.8 s (scratch measurement, docs/testing.md), and Chromium is
 * most of the e2e stage's CPU. Where the shell is missing, the whole browser.
 */
export function testChromiumPath(): string {
  const chosen = process.env.TEST_CHROMIUM_PATH;
  if (chosen) return existing(chosen, 'chromium-headless-shell');
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
}

function existing(path: string, debianPackage: string): string {
  if (!existsSync(path))
    throw new Error(`Chromium not found at ${path}: apt-get install -y ${debianPackage}, or set its path`);
  return path;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: testChromiumPath(), args: CHROMIUM_ARGS });
}
