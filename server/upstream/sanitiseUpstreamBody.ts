/**
 * What of an upstream's error body may reach a browser: its message and the booking service's
 * `errors['Error Result']` list, as short plain strings. Anything else (stack traces, internal
 * ids, HTML error pages) stays behind.
 */
export function sanitiseUpstreamBody(
  text: string,
): { message?: string; errors?: { 'Error Result': string[] } } | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const result: { message?: string; errors?: { 'Error Result': string[] } } = {};
  if (typeof record.message === 'string') result.message = clip(record.message);
  const errorResult = (record.errors as Record<string, unknown> | undefined)?.['Error Result'];
  if (Array.isArray(errorResult)) {
    result.errors = {
      'Error Result': errorResult
        .filter((e): e is string => typeof e === 'string')
        .slice(0, 5)
        .map(clip),
    };
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function clip(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 300);
}
