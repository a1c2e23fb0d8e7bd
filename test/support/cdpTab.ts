import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'undici';
import { testChromiumPath } from '../../scripts/stack/browser.js';

/**
 * Chromium driven over the DevTools protocol through a tab target, as Puppeteer does, for what Playwright
 * cannot show: Playwright attaches to pages without a tab target, and Chromium then refuses to prerender
 * (PrerenderingDisabledByDevTools). `page` is the session of the tab's page shown now (a prerendered page
 * that was activated is another target: `page` follows it).
 */
export interface CdpTab {
  send<T = Record<string, unknown>>(method: string, params?: object, sessionId?: string): Promise<T>;
  /** Evaluates `expression` (awaiting a promise) in the page shown now and returns its value. */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

export async function openCdpTab(args: string[] = []): Promise<CdpTab> {
  const profile = mkdtempSync(join(tmpdir(), 'bff-cdp-'));
  const child = spawn(
    testChromiumPath(),
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      ...args,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (found) resolve(found[1]!);
    });
    child.once('exit', () => reject(new Error(`chromium exited: ${err}`)));
  });
  const socket = new WebSocket(endpoint);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  /** Page targets of the tab by session, with the URL and whether shown (not a prerender in waiting). */
  const pages = new Map<string, { targetId: string; subtype?: string }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      method?: string;
      params?: Record<string, unknown>;
      result?: unknown;
      error?: { message: string };
    };
    if (message.id !== undefined) {
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) pending?.reject(new Error(message.error.message));
      else pending?.resolve(message.result);
    } else if (message.method === 'Target.attachedToTarget') {
      const { sessionId, targetInfo } = message.params as {
        sessionId: string;
        targetInfo: { targetId: string; type: string; subtype?: string };
      };
      if (targetInfo.type === 'page') pages.set(sessionId, targetInfo);
    } else if (message.method === 'Target.detachedFromTarget') {
      pages.delete((message.params as { sessionId: string }).sessionId);
    }
  });
  const send = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });

  const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', forTab: true });
  const { sessionId: tab } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
  await send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, tab);

  /** The session of the page the tab shows: the one whose document is visible. */
  const shown = async (): Promise<string> => {
    for (const sessionId of pages.keys()) {
      const visible = await send<{ result: { value?: boolean } }>(
        'Runtime.evaluate',
        { expression: '!document.prerendering && document.visibilityState === "visible"', returnByValue: true },
        sessionId,
      ).catch(() => undefined);
      if (visible?.result.value) return sessionId;
    }
    throw new Error('no page shown in the tab');
  };
  return {
    send: async (method, params, sessionId) => send(method, params, sessionId ?? (await shown())),
    async evaluate<T>(expression: string) {
      const answer = await send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
        'Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true },
        await shown(),
      );
      if (answer.exceptionDetails) throw new Error(`${expression}: ${answer.exceptionDetails.text}`);
      return answer.result.value;
    },
    async close() {
      socket.close();
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
