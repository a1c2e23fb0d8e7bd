import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy that delays every chunk by `delayMs` each way, in a process of its own (so a test that
 * blocks its own event loop does not block the proxy): Redis as far away as another container or host.
 * Usage: slowTcpProxy.ts <targetPort> <delayMs>; prints `listening on <port>`.
 */
const [targetPort, delayMs] = process.argv.slice(2).map(Number) as [number, number];

/** Copies `from` to `to`, each chunk `delayMs` later, in order. */
function delayed(from: Socket, to: Socket): void {
  from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), delayMs));
  from.on('close', () => setTimeout(() => to.destroy(), delayMs));
  from.on('error', () => to.destroy());
}

const server = createServer((client) => {
  const redis = connect(targetPort, '127.0.0.1');
  delayed(client, redis);
  delayed(redis, client);
});
server.listen(0, '127.0.0.1', () => console.log(`listening on ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => process.exit(0));
