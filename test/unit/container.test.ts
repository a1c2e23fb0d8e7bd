import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ALLOCATOR_ENV } from '../../server/allocatorSettings.js';

const dockerfile = readFileSync('Dockerfile', 'utf8');
/** The product's image: the last stage (compose's sandbox is a stage of its own before it). */
const runtimeStage = dockerfile.slice(dockerfile.indexOf(' AS runtime'));
// Merge keys resolved as Compose resolves them (`<<: *bff`).
const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      depends_on?: Record<string, { condition: string }>;
      healthcheck?: unknown;
      environment?: Record<string, string>;
      command?: string[];
      profiles?: string[];
      ports?: string[];
      volumes?: string[];
      mem_limit?: string;
      image?: string;
      build?: unknown;
    }
  >;
};
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('Dockerfile', () => {
  it('builds on Node 22 slim in two stages and runs as a non-root user in production mode', () => {
    expect(dockerfile.match(/^FROM node:22-slim/gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/NODE_ENV=production/);
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });

  it('starts the image with the same command npm start runs after building; only npm start allows the embedded sandbox', () => {
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtimeStage)?.[1] ?? '[]') as string[];
    expect(cmd.slice(0, 2)).toEqual(['sh', '-c']);
    const allocator = Object.entries(ALLOCATOR_ENV).map(([name, value]) => `${name}=\${${name}:-${value}}`);
    expect(scripts.start).toBe(
      `npm run build && SANDBOX=\${SANDBOX:-true} ${allocator.join(' ')} node --import tsx scripts/withSandbox.ts sh -c '${cmd[2]}'`,
    );
    expect(dockerfile).not.toMatch(/SANDBOX=/);
  });

  it('builds and installs the product alone: the sandbox, faker and the scripts stay out of dist/ and the image', () => {
    const build = JSON.parse(readFileSync('tsconfig.build.json', 'utf8')) as { include: string[] };
    expect(build.include.filter((dir) => ['sandbox', 'scripts', 'test'].includes(dir))).toEqual([]);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies)).not.toContain('@faker-js/faker');
    // The runtime stage takes dist/ and the tables from the build; compose's sandbox is a stage of its own.
    expect(runtimeStage.match(/^COPY --from=build \S+/gm)).toEqual([
      'COPY --from=build /app/dist',
      'COPY --from=build /app/redirects',
    ]);
    expect(compose.services.sandbox?.build).toEqual({ context: '.', target: 'sandbox' });
  });

  it('runs with the allocator settings the soak measured the memory budget with, which every start of the BFF sets', () => {
    for (const [setting, value] of Object.entries(ALLOCATOR_ENV))
      expect(new RegExp(`${setting}=(\\d+)`).exec(dockerfile)?.[1]).toBe(value);
    // One file starts the BFF as a process of its own (the stack's 'process' kind), and it hands them on.
    const sources = ['scripts', 'test'].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.(ts|mjs)$/.test(f))
        .map((f) => join(dir, f)),
    );
    const starters = sources.filter(
      (f) =>
        /\b(spawn|fork)\(/.test(readFileSync(f, 'utf8')) &&
        /server\/main\.ts'|dist\/server\/main\.js'/.test(readFileSync(f, 'utf8')),
    );
    expect(starters).toEqual(['scripts/stack/spawnedBff.ts']);
    expect(readFileSync(starters[0]!, 'utf8')).toContain('...ALLOCATOR_ENV');
    // And one file starts redis-server, for a test, bench or soak that needs a Redis of its own.
    expect(sources.filter((f) => /spawn\(\s*'redis-server'/.test(readFileSync(f, 'utf8')))).toEqual([
      'scripts/stack/redisServers.ts',
    ]);
  });

  it("gives node the image's allocator settings when npm start runs it, and an operator's own settings win", () => {
    // npm start after its build, with a `node` that prints the environment it was started with.
    const bin = mkdtempSync(join(tmpdir(), 'npm-start-'));
    try {
      writeFileSync(join(bin, 'node'), '#!/bin/sh\nenv\n');
      chmodSync(join(bin, 'node'), 0o755);
      const afterBuild = scripts.start!.replace(/^npm run build && /, '');
      const started = (env: Record<string, string>) =>
        execFileSync('sh', ['-c', afterBuild], { env: { PATH: `${bin}:/usr/bin:/bin`, ...env }, encoding: 'utf8' });
      for (const [setting, value] of Object.entries(ALLOCATOR_ENV))
        expect(started({}).split('\n')).toContain(`${setting}=${value}`);
      expect(started({ MALLOC_ARENA_MAX: '4' }).split('\n')).toContain('MALLOC_ARENA_MAX=4');
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('starts node with the heap limit worked out from the memory budget', () => {
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtimeStage)?.[1] ?? '[]') as string[];
    expect(cmd[2]).toBe('exec node $(node dist/server/heapLimit.js) dist/server/main.js');
  });
});

describe('docker-compose.yml', () => {
  it('runs the app, Redis 7 with a healthcheck, and the sandbox as its own service', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'lb', 'redis', 'replica', 'sandbox']);
    expect(
      Object.entries(compose.services)
        .filter(([, s]) => !s.profiles)
        .map(([name]) => name)
        .sort(),
    ).toEqual(['app', 'redis', 'sandbox']);
    expect(compose.services.redis?.healthcheck).toBeDefined();
    expect(readFileSync('docker-compose.yml', 'utf8')).toMatch(/image: redis:7/);
  });

  it('makes the app wait for a healthy Redis and points every upstream at the sandbox', () => {
    expect(compose.services.app?.depends_on?.redis?.condition).toBe('service_healthy');
    const env = compose.services.app?.environment ?? {};
    for (const name of ['SEARCH', 'CONTENT', 'MECHMATE', 'TIREHOTEL', 'COMHUB', 'CODEWEAVER', 'MAPS', 'MEDIA']) {
      expect(env[`UPSTREAM_${name}_URL`]).toMatch(/^http:\/\/sandbox:3100\//);
    }
  });
});

describe('docker-compose.yml scaled profile', () => {
  it('puts nginx with the recommended configuration in front of the replicas', () => {
    const lb = compose.services.lb!;
    expect(lb.profiles).toEqual(['scaled']);
    expect(lb.image).toMatch(/^nginx:/);
    expect(lb.volumes).toContain('./deploy/nginx/bff.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(lb.depends_on?.replica?.condition).toBe('service_healthy');
    expect(readFileSync('deploy/nginx/upstreams.compose.conf', 'utf8')).toMatch(/^server replica:3000 [^;\n]*;$/m);
    expect(readFileSync('deploy/nginx/bff.conf', 'utf8')).toContain('include /etc/nginx/bff-upstreams.conf;');
    expect(lb.volumes).toContain('./deploy/nginx/upstreams.compose.conf:/etc/nginx/bff-upstreams.conf:ro');
  });

  it('publishes only nginx: the replicas, which trust its X-Forwarded-For, are reachable through it alone', () => {
    const replica = compose.services.replica!;
    expect(replica.profiles).toEqual(['scaled']);
    expect(replica.ports).toBeUndefined();
    expect(replica.environment?.TRUST_PROXY).toBe('1');
    expect(replica.environment?.UPSTREAM_TIREHOTEL_URL).toBe(compose.services.app?.environment?.UPSTREAM_TIREHOTEL_URL);
    const published = Object.entries(compose.services)
      .filter(([, s]) => s.profiles?.includes('scaled') && s.ports)
      .map(([name]) => name);
    expect(published).toEqual(['lb']);
  });

  it('publishes the single app container directly, trusting no forwarded header', () => {
    expect(compose.services.app?.ports).toEqual(['3000:3000']);
    expect(compose.services.app?.environment?.TRUST_PROXY).toBe('false');
  });

  it('bounds Redis with maxmemory and evicts what expires soonest, never a key without a TTL', () => {
    const command = compose.services.redis?.command ?? [];
    expect(command[command.indexOf('--maxmemory') + 1]).toMatch(/^\d+mb$/);
    expect(command[command.indexOf('--maxmemory-policy') + 1]).toBe('volatile-ttl');
  });

  it('gives the app a memory limit for its budget to default to', () => {
    for (const service of [compose.services.app, compose.services.replica]) {
      expect(service?.mem_limit).toBe('512m');
      expect(service?.environment?.MEMORY_BUDGET_MB).toBeUndefined();
    }
  });
});
