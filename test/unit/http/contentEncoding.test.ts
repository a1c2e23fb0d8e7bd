import { chooseEncoding } from '../../../server/http/contentEncoding.js';
import { bestEntry, buildEntry, parseEntry, serialiseEntry } from '../../../server/pageCache/pageEntry.js';

describe('choosing a stored encoding', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['deflate', 'identity'],
    ['', 'identity'],
  ])('answers %j with %s', (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });
});

describe('a stored page', () => {
  it('reads back from its Redis form exactly, and a truncated one reads as a miss', async () => {
    const entry = buildEntry(
      {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: Buffer.from('<!DOCTYPE html><p>Hej</p>'.repeat(50)),
      },
      1_000,
    );
    const bytes = serialiseEntry(entry);
    expect(parseEntry(bytes)).toEqual(entry);
    const best = await bestEntry(entry);
    expect(parseEntry(serialiseEntry(best))).toEqual(best);
    expect(parseEntry(bytes.subarray(0, bytes.length - 1))).toBeUndefined();
    expect(parseEntry(Buffer.from('not a page'))).toBeUndefined();
  });
});
