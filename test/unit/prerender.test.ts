import { afterEach, describe, expect, it } from '@jest/globals';
import { pushToDataLayer } from '../../client/analytics/dataLayer.js';
import { whenActivated } from '../../client/prerender.js';

/** A document the browser is prerendering (speculation rules), shown when `activate` is called. */
function prerenderedDocument() {
  const listeners: Array<() => void> = [];
  const document = {
    prerendering: true,
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'prerenderingchange') listeners.push(listener);
    },
  };
  Object.assign(globalThis, { document, window: globalThis });
  return {
    activate: () => {
      document.prerendering = false;
      listeners.splice(0).forEach((listener) => listener());
    },
  };
}

afterEach(() => {
  const global = globalThis as { document?: unknown; window?: unknown; dataLayer?: unknown };
  delete global.document;
  delete global.window;
  delete global.dataLayer;
});

describe('a prerendered page', () => {
  it('runs what waits for the shopper only once the page is shown', () => {
    const page = prerenderedDocument();
    const ran: string[] = [];
    whenActivated(() => ran.push('field data'));
    expect(ran).toEqual([]);
    page.activate();
    expect(ran).toEqual(['field data']);
  });

  it('pushes its analytics events when shown, in order, and none for a page never shown', () => {
    const page = prerenderedDocument();
    const step = (step_number: number) =>
      ({ event: 'flow_interaction', flow_name: 'booking', flow_version: '1', step_number, step_name: 's' }) as const;
    pushToDataLayer(step(0));
    pushToDataLayer(step(1));
    expect((globalThis as { dataLayer?: unknown[] }).dataLayer ?? []).toEqual([]);
    page.activate();
    expect((globalThis as { dataLayer?: unknown[] }).dataLayer).toEqual([step(0), step(1)]);
  });

  it('runs at once on a page loaded as usual', () => {
    Object.assign(globalThis, { document: { prerendering: false }, window: globalThis });
    const ran: string[] = [];
    whenActivated(() => ran.push('now'));
    expect(ran).toEqual(['now']);
  });
});
