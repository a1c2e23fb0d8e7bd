import { execFileSync } from 'node:child_process';
import { loadConfig } from '../../server/config.js';
import { UPSTREAM_SERVICES } from '../../server/config/upstreams.js';
import { cgroupMemoryLimitBytes, memoryBudget, MEMORY_SHARES } from '../../server/memoryBudget.js';

const UPSTREAMS = Object.fromEntries(
  UPSTREAM_SERVICES.map((s) => [`UPSTREAM_${s.toUpperCase()}_URL`, `http://${s}:8080`]),
);

const MB = 1024 * 1024;
const files = (contents: Record<string, string>) => (path: string) => {
  if (!(path in contents)) throw new Error(`ENOENT ${path}`);
  return contents[path]!;
};

describe('the memory budget', () => {
  it("reads the container's limit from cgroup v2, else v1, and treats 'max' or v1's 2^63 as no limit", () => {
    expect(cgroupMemoryLimitBytes(files({ '/sys/fs/cgroup/memory.max': '536870912\n' }))).toBe(512 * MB);
    expect(cgroupMemoryLimitBytes(files({ '/sys/fs/cgroup/memory.max': 'max\n' }))).toBeUndefined();
    expect(cgroupMemoryLimitBytes(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': '1073741824\n' }))).toBe(
      1024 * MB,
    );
    expect(
      cgroupMemoryLimitBytes(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': '9223372036854771712\n' })),
    ).toBeUndefined();
    expect(cgroupMemoryLimitBytes(files({}))).toBeUndefined();
  });

  it('is MEMORY_BUDGET_MB when set, else the cgroup limit, else 256 MB', () => {
    expect(loadConfig({ MEMORY_BUDGET_MB: '768' }, () => 512 * MB).memory).toMatchObject({
      budgetMb: 768,
      source: 'MEMORY_BUDGET_MB',
    });
    expect(loadConfig({}, () => 512 * MB).memory).toMatchObject({ budgetMb: 512, source: 'cgroup' });
    expect(loadConfig({}, () => undefined).memory).toMatchObject({ budgetMb: 256, source: 'default' });
    expect(() => loadConfig({ MEMORY_BUDGET_MB: '64' })).toThrow(/MEMORY_BUDGET_MB/);
  });

  it('gives every cache its share and the heap half, leaving the runtime over four fifths of the budget', () => {
    const { memory, pageCache } = loadConfig({ MEMORY_BUDGET_MB: '512' });
    expect(pageCache.maxBytes).toBe(32 * MB);
    expect(memory.bytes.searchLocal).toBe(16 * MB);
    // The sandbox is never in this heap: npm start runs it in a process of its own (scripts/withSandbox.ts).
    expect(memory.heapLimitMb).toBe(256);
    expect(loadConfig({ MEMORY_BUDGET_MB: '512', ...UPSTREAMS }).memory.heapLimitMb).toBe(256);
    // With Redis the process's own search store is not made; without it the local layer's entries are views of it.
    const withRedis = Object.entries(memory.bytes)
      .filter(([name]) => name !== 'searchMemoryStore')
      .reduce((sum, [, bytes]) => sum + bytes, 0);
    expect(withRedis / (512 * MB)).toBeLessThan(0.2);
    expect(Object.keys(memory.bytes).sort()).toEqual(Object.keys(MEMORY_SHARES).sort());
  });

  it('keeps PAGE_CACHE_MAX_MB as an override of the page cache share', () => {
    expect(loadConfig({ MEMORY_BUDGET_MB: '256', PAGE_CACHE_MAX_MB: '20' }).pageCache.maxBytes).toBe(20 * MB);
    expect(loadConfig({ MEMORY_BUDGET_MB: '256' }).pageCache.maxBytes).toBe(16 * MB);
  });

  it('is printed as the V8 flags the start command gives node, and V8 takes them', () => {
    const flags = execFileSync(process.execPath, ['--import', 'tsx', 'server/heapLimit.ts'], {
      env: { ...process.env, MEMORY_BUDGET_MB: '512', ...UPSTREAMS },
      encoding: 'utf8',
    })
      .trim()
      .split(' ');
    expect(flags).toEqual(['--max-old-space-size=256', '--max-semi-space-size=8']);
    const limit = Number(
      execFileSync(process.execPath, [...flags, '-p', 'require("v8").getHeapStatistics().heap_size_limit'], {
        encoding: 'utf8',
      }),
    );
    expect(limit / MB).toBeGreaterThanOrEqual(256);
    // The young generation is three semi-spaces: under V8's own 16 MB ones, it holds less.
    expect(limit / MB).toBeLessThan(256 + 3 * 16);
  });

  it("gives the young generation a 64th of the budget, within V8's 1 to 16 MB", () => {
    const semiSpaceMb = (budgetMb: number) => memoryBudget({ budgetMb }).semiSpaceMb;
    expect([semiSpaceMb(128), semiSpaceMb(256), semiSpaceMb(512), semiSpaceMb(4096)]).toEqual([2, 4, 8, 16]);
  });
});
