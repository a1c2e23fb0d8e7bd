import { DecodeGate, DecodeTooLarge } from '../../server/media/transform/decodeGate.js';

/** A decode that ends when the test says. */
function held() {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  return { ended, end };
}

describe('the decode gate', () => {
  it('runs decodes while their estimates fit, the rest in order of arrival, never more than its capacity at once', async () => {
    const waits: number[] = [];
    const gate = new DecodeGate(100, { waited: () => waits.push(1) });
    const started: string[] = [];
    const decodes = { a: held(), b: held(), c: held(), d: held() };
    const run = (name: keyof typeof decodes, bytes: number) =>
      gate.run(bytes, async () => {
        started.push(name);
        await decodes[name].ended;
        return name;
      });
    const a = run('a', 60);
    const b = run('b', 50); // 110 > 100: waits
    const c = run('c', 10); // would fit beside a, but never overtakes b
    await Promise.resolve();
    expect(started).toEqual(['a']);
    expect(gate.stats).toMatchObject({ admittedBytes: 60, running: 1, waiting: 2, waited: 2 });
    decodes.a.end();
    await a;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c']);
    expect(gate.stats).toMatchObject({ admittedBytes: 60, running: 2, waiting: 0 });
    const d = run('d', 55); // 115, then 105 beside b alone: waits for both
    await Promise.resolve();
    expect(started).toEqual(['a', 'b', 'c']);
    decodes.c.end();
    await c;
    await Promise.resolve();
    expect(started).toEqual(['a', 'b', 'c']);
    decodes.b.end();
    await b;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    decodes.d.end();
    await d;
    expect(gate.stats).toMatchObject({ admittedBytes: 0, running: 0, waiting: 0, peakAdmittedBytes: 60, waited: 3 });
    expect(waits).toHaveLength(3);
  });

  it('refuses at once a decode larger than its capacity, and lets a failed decode go', async () => {
    const gate = new DecodeGate(100);
    await expect(gate.run(101, async () => 'never')).rejects.toBeInstanceOf(DecodeTooLarge);
    await expect(
      gate.run(80, async () => {
        throw new Error('corrupt');
      }),
    ).rejects.toThrow('corrupt');
    expect(gate.stats).toMatchObject({ admittedBytes: 0, running: 0, refused: 1 });
    await expect(gate.run(100, async () => 'whole')).resolves.toBe('whole');
  });
});
