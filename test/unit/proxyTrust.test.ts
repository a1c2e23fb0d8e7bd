import type { IncomingMessage } from 'node:http';
import { loadConfig } from '../../server/config.js';
import { ConfigError } from '../../server/config/envTypes.js';

/** A request as Node hands it over: the TCP peer and the headers. */
const request = (peer: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;
const trustOf = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY and the client a request comes from', () => {
  it('refuses true with a config error that says what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /number of proxies .*1 behind a cloud load balancer, 2 with a CDN/,
    );
  });

  it('behind one load balancer takes the address the balancer appended, whatever the client forged before it', () => {
    const trust = trustOf('1');
    const forged = request('10.0.0.5', {
      'x-forwarded-for': '1.2.3.4, 5.6.7.8, 203.0.113.7',
      'x-forwarded-host': 'se.localhost',
      'x-forwarded-proto': 'https',
    });
    expect(trust.client(forged)).toMatchObject({
      address: '203.0.113.7',
      limitKey: '203.0.113.7',
      host: 'se.localhost',
      proto: 'https',
    });
  });

  it('with a CDN in front of the balancer (2 hops) takes the address the CDN saw', () => {
    expect(
      trustOf('2').client(request('10.0.0.5', { 'x-forwarded-for': '9.9.9.9, 198.51.100.4, 172.16.3.3' })).address,
    ).toBe('198.51.100.4');
  });

  it('without a trusted proxy ignores every forwarded header', () => {
    const client = trustOf('false').client(
      request('::ffff:198.51.100.9', {
        'x-forwarded-for': '1.2.3.4',
        'x-forwarded-host': 'evil.example',
        host: 'se.localhost',
      }),
    );
    expect(client).toMatchObject({ address: '198.51.100.9', host: 'se.localhost', proto: 'http' });
  });

  it('with a list of proxy CIDRs skips only those, and trusts forwarded headers only from them', () => {
    const trust = trustOf('10.0.0.0/8, loopback');
    expect(trust.client(request('10.1.2.3', { 'x-forwarded-for': '198.51.100.1, 127.0.0.1, 10.9.9.9' })).address).toBe(
      '198.51.100.1',
    );
    const direct = request('198.51.100.2', {
      'x-forwarded-for': '10.0.0.1',
      'x-forwarded-host': 'evil.example',
      host: 'se.localhost',
    });
    expect(trust.client(direct)).toMatchObject({ address: '198.51.100.2', host: 'se.localhost' });
  });

  it('counts an IPv6 client by its /64, so one subscriber is one client', () => {
    const trust = trustOf('false');
    expect(trust.client(request('2001:db8:1:2::1')).limitKey).toBe('2001:db8:1:2::/64');
    expect(trust.client(request('2001:0db8:0001:0002:ffff:1:2:3')).limitKey).toBe('2001:db8:1:2::/64');
  });
});

describe('a forwarded hop written with a port, in brackets, or as junk', () => {
  const behindOne = trustOf('1');
  const via = (forwarded: string) => behindOne.client(request('10.0.0.5', { 'x-forwarded-for': forwarded }));

  it('drops the port and the brackets: one client per address, whatever port each request names', () => {
    for (const hop of ['203.0.113.7:51234', '203.0.113.7:1', ' 203.0.113.7 ', '::ffff:203.0.113.7'])
      expect(via(hop)).toMatchObject({ address: '203.0.113.7', limitKey: '203.0.113.7' });
    for (const hop of ['[2001:db8:1:2::1]:443', '[2001:DB8:1:2::9]', '2001:db8:1:2:ffff::3'])
      expect(via(hop).limitKey).toBe('2001:db8:1:2::/64');
  });

  it('refuses junk: the proxy that reported it stands for the client, so junk never makes a new client', () => {
    for (const hop of [
      'unknown',
      '_hidden',
      'evil.example',
      '203.0.113.7:abc',
      '203.0.113.7:99999',
      '[203.0.113.7]',
      '010.0.0.1',
    ])
      expect([hop, via(`1.2.3.4, ${hop}`).address]).toEqual([hop, '10.0.0.5']);
    // Two hops trusted by count: the second proxy's own address, as the first wrote it.
    expect(trustOf('2').client(request('10.0.0.5', { 'x-forwarded-for': 'junk, 172.16.3.3:8080' })).address).toBe(
      '172.16.3.3',
    );
  });

  it('knows a listed proxy that writes its own hop with a port', () => {
    const trust = trustOf('10.0.0.0/8');
    expect(trust.client(request('10.1.2.3', { 'x-forwarded-for': '198.51.100.1:4000, 10.9.9.9:80' })).address).toBe(
      '198.51.100.1',
    );
  });
});

describe('a request without a connection', () => {
  it("(the page cache's own render) has no address, and reading it throws nothing", () => {
    const detached = { socket: {}, headers: { 'x-forwarded-for': '203.0.113.7' } } as unknown as IncomingMessage;
    expect(trustOf('1').client(detached).address).toBe('');
    expect(trustOf('false').client(detached).address).toBe('');
  });
});
