import { createParser } from 'eventsource-parser';

export interface ReceivedEvent {
  id: string | undefined;
  data: unknown;
  /** Milliseconds since the request was sent. */
  at: number;
}

/** Reads a `text/event-stream` answer event by event, noting when each arrived. */
export async function readEvents(
  url: string,
  init: RequestInit & { stopAfter?: number } = {},
): Promise<{ status: number; contentType: string | null; events: ReceivedEvent[] }> {
  const started = performance.now();
  const controller = new AbortController();
  const response = await fetch(url, { ...init, signal: controller.signal });
  const events: ReceivedEvent[] = [];
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      events: [{ id: undefined, data: await response.json(), at: 0 }],
    };
  }
  const parser = createParser({
    onEvent: (event) => events.push({ id: event.id, data: JSON.parse(event.data), at: performance.now() - started }),
  });
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
    if (init.stopAfter !== undefined && events.length >= init.stopAfter) {
      controller.abort();
      break;
    }
  }
  return { status: response.status, contentType: response.headers.get('content-type'), events };
}
