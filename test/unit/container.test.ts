import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const dockerfile = readFileSync('Dockerfile', 'utf8');
const compose = parse(readFileSync('docker-compose.yml', 'utf8')) as {
  services: Record<string, { depends_on?: Record<string, { condition: string }>; healthcheck?: unknown; environment?: Record<string, string>; command?: string[] }>;
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

  it('starts the image with the same command npm start runs after building', () => {
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(cmd.slice(0, 2)).toEqual(['sh', '-c']);
    expect(scripts.start).toBe(`npm run build && sh -c '${cmd[2]}'`);
  });

  it('starts node with the heap limit worked out from the memory budget', () => {
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(cmd[2]).toBe('exec node $(node dist/server/heapLimit.js) dist/server/main.js');
  });
});

describe('docker-compose.yml', () => {
  it('runs the app, Redis 7 with a healthcheck, and the sandbox as its own service', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'redis', 'sandbox']);
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
