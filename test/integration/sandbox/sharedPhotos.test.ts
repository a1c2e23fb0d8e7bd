import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { jest } from '@jest/globals';
import { startSandbox, type RunningSandbox } from '../../../sandbox/app.js';
import type { Car } from '../../../contracts/upstream/search.js';
import { readDatasetCopy, sandboxDataset } from '../../../sandbox/data/dataset.js';

/**
 * The sandboxes of one test run share the photographs they make (SANDBOX_RUN_DIR, scripts/stack/runDir.mjs):
 * the second sandbox sends the first one's bytes without making the picture again. They share the dataset too.
 */

jest.setTimeout(60_000);

const dir = mkdtempSync(join(tmpdir(), 'shared-photos-test-'));
let first: RunningSandbox;
let second: RunningSandbox;
beforeAll(async () => {
  // Read when a sandbox's media service starts: a directory of this file's own, empty at its start (a file's env is its own).
  process.env.SANDBOX_RUN_DIR = dir;
  [first, second] = await Promise.all([startSandbox(0), startSandbox(0)]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const madeBy = async (sandbox: RunningSandbox) =>
  ((await (await fetch(`${sandbox.url}/__sandbox/stats`)).json()) as { photosMade: number }).photosMade;

it('makes a photograph once for every sandbox of the run, and each sends the same bytes', async () => {
  const res = await fetch(`${first.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ index: 'cars-se', limit: 1 }),
  });
  const [car] = ((await res.json()) as { content: Car[] }).content;
  const path = new URL(car!.car_images[0]!).pathname + new URL(car!.car_images[0]!).search;
  const fromFirst = Buffer.from(await (await fetch(`${first.url}${path}`)).arrayBuffer());
  expect(await madeBy(first)).toBe(1);
  expect(readdirSync(dir).filter((name) => /^[0-9a-f]{64}$/.test(name))).toHaveLength(1);

  const fromSecond = Buffer.from(await (await fetch(`${second.url}${path}`)).arrayBuffer());
  expect(fromSecond.length).toBeGreaterThan(10_000);
  expect(fromSecond.equals(fromFirst)).toBe(true);
  expect(await madeBy(second)).toBe(0);
});

it("leaves the run a copy of its dataset that another sandbox's process reads back whole", () => {
  const [copy] = readdirSync(dir).filter((name) => /^dataset-.*\.json$/.test(name));
  expect(copy).toBeDefined();
  const read = readDatasetCopy(join(dir, copy!));
  const built = sandboxDataset(read.seed); // this file's sandboxes built it (the directory was empty)
  // Maps, Dates and prototypes as built, and a car in carsById the same object as in its market's list.
  expect(isDeepStrictEqual(read, built)).toBe(true);
  const car = read.cars.get('se')![0]!;
  expect(read.carsById.get(car.car_id)).toBe(car);
});
