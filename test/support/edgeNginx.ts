import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { waitUntil } from '../../scripts/stack/waitUntil.js';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface EdgeNginx {
  /** nginx with deploy/nginx/bff.conf and its edge cache switched on. */
  url: string;
  /** Its throwaway prefix: configuration, logs, cache, temp files. */
  dir: string;
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * Debian's nginx (not a daemon, a prefix of its own) with deploy/nginx/bff.conf as an operator switches its
 * edge cache on (edge-cache.http.conf and edge-cache.server.conf), in front of the BFFs at `bffPorts`.
 * `extraServers` is added to the http block as it is (a bench's static server).
 */
export async function startEdgeNginx(bffPorts: number[], extraServers = ''): Promise<EdgeNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'bff-edge-'));
  const port = await freePort();
  const site = replaceOnce(
    replaceOnce(
      replaceOnce(
        readFileSync('deploy/nginx/bff.conf', 'utf8'),
        'include /etc/nginx/bff-upstreams.conf;',
        `include ${dir}/bff-upstreams.conf;`,
      ),
      'listen 8080;',
      `listen 127.0.0.1:${port};`,
    ),
    '# include /etc/nginx/bff-edge-cache.conf;',
    `include ${dir}/edge-cache.server.conf;`,
  );
  writeFileSync(join(dir, 'bff.conf'), site);
  writeFileSync(join(dir, 'bff-upstreams.conf'), bffPorts.map((p) => `server 127.0.0.1:${p};\n`).join(''));
  writeFileSync(join(dir, 'edge-cache.server.conf'), readFileSync('deploy/nginx/edge-cache.server.conf'));
  writeFileSync(
    join(dir, 'edge-cache.http.conf'),
    replaceOnce(
      readFileSync('deploy/nginx/edge-cache.http.conf', 'utf8'),
      'proxy_cache_path /var/cache/nginx/bff-edge ',
      `proxy_cache_path ${dir}/edge `,
    ),
  );
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'daemon off;',
      // As root, nginx's workers would run as nobody, who cannot write this user's temporary directory.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      // As Debian's /etc/nginx/nginx.conf has them (access log aside).
      '  sendfile on;',
      '  tcp_nopush on;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      `  include ${dir}/edge-cache.http.conf;`,
      `  include ${dir}/bff.conf;`,
      extraServers,
      '}',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const ready = () =>
    request(`${url}/readyz`)
      .then(async (r) => (await r.body.dump(), r.statusCode === 200))
      .catch(() => false);
  let answered = false;
  await waitUntil(async () => (answered = await ready()) || child.exitCode !== null, 'nginx answering', {
    timeoutMs: 15_000,
    everyMs: 100,
  }).catch(() => undefined);
  if (answered) return { url, dir, stop };
  const log = readFileSync(join(dir, 'error.log'), 'utf8');
  await stop();
  throw new Error(`nginx did not answer: ${stderr}${log}`);
}

function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`deploy/nginx: "${from}" not found`);
  return text.replace(from, to);
}
