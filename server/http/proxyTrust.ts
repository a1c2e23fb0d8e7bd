import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { TLSSocket } from 'node:tls';
import proxyaddr from 'proxy-addr';

/**
 * `TRUST_PROXY` in Express's own forms: `false` (no proxy: the TCP peer is the client), a hop count
 * (the last n proxies in X-Forwarded-For are ours), or a list of trusted proxy addresses/CIDRs
 * (`loopback`, `linklocal`, `uniquelocal` as in Express). Never "trust every hop": then any client
 * names its own address in X-Forwarded-For and is a new client to every limit.
 */
export type TrustProxySetting = false | number | readonly string[];

/** What a request says about its client once the trusted proxies are peeled off. */
export interface ClientRequest {
  /** The client's address (an IPv4-mapped IPv6 address written as IPv4). */
  address: string;
  /** The key per-client limits count under: the address, or its /64 for IPv6 (one subscriber's whole prefix). */
  limitKey: string;
  host: string | undefined;
  proto: 'http' | 'https';
}

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** Parses the env value; a string error names what is wrong (config.ts turns it into the one-line config error). */
export function parseTrustProxy(value: string): { setting: TrustProxySetting } | { error: string } {
  const text = value.trim().toLowerCase();
  if (['false', 'no', '0'].includes(text)) return { setting: false };
  if (['true', 'yes'].includes(text)) {
    return {
      error:
        'trusting every hop lets any client forge X-Forwarded-For; set the number of proxies in front of the app (1 behind a cloud load balancer, 2 with a CDN in front of it) or their addresses',
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { setting: hops } : { error: 'expected at most 10 proxy hops' };
  }
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !NAMED_RANGES.includes(e) && !isSubnet(e));
  if (bad !== undefined || entries.length === 0)
    return {
      error: `expected false, a hop count, or proxy addresses/CIDRs (or loopback, linklocal, uniquelocal); not ${JSON.stringify(bad ?? text)}`,
    };
  return { setting: entries };
}

/** The one reading of a request's client address, host and protocol, for Express (`trust proxy`) and the fast paths alike. */
export class ProxyTrust {
  /** Express's `trust proxy` function form: is the address at this hop (0 = the TCP peer) one of our proxies? */
  readonly trusts: (address: string, hop: number) => boolean;
  private readonly read = new WeakMap<IncomingMessage, ClientRequest>();

  constructor(readonly setting: TrustProxySetting) {
    if (setting === false) this.trusts = () => false;
    else if (typeof setting === 'number') this.trusts = (_address, hop) => hop < setting;
    else this.trusts = proxyaddr.compile([...setting]);
  }

  /**
   * The address left of the trusted proxies (proxy-addr, with each hop read by `hopAddress`: a port and brackets
   * dropped, so a proxy that writes `ip:port` is understood and a client cannot become new clients by port); a hop
   * there that is no address at all is refused, and the proxy that reported it stands for the client (below).
   * Host and protocol from the first forwarded value when the peer is trusted.
   */
  client(req: IncomingMessage): ClientRequest {
    const known = this.read.get(req);
    if (known) return known;
    const hops = proxyaddr.all(req, (hop, i) => {
      const address = hopAddress(hop);
      return address !== undefined && this.trusts(address, i);
    });
    // Junk where the client should be (`unknown`, `_hidden`, a made-up word): the trusted proxy that wrote or
    // passed it on is the client. Every such request behind it is one client, so none can mint new clients, and
    // no shopper behind a proxy that writes addresses is ever counted with them.
    const address = hopAddress(hops.at(-1)) ?? hopAddress(hops.at(-2)) ?? '';
    const peerTrusted = this.trusts(req.socket.remoteAddress ?? '', 0);
    const forwardedProto = peerTrusted ? firstValue(req.headers['x-forwarded-proto']) : undefined;
    const client: ClientRequest = {
      address,
      limitKey: limitKeyOf(address),
      host: (peerTrusted ? firstValue(req.headers['x-forwarded-host']) : undefined) ?? req.headers.host,
      proto:
        forwardedProto === 'https' || forwardedProto === 'http'
          ? forwardedProto
          : (req.socket as Partial<TLSSocket>).encrypted
            ? 'https'
            : 'http',
    };
    this.read.set(req, client);
    return client;
  }
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase();
  return first || undefined;
}

/**
 * An address with an optional prefix length that proxy-addr accepts, in Node's plain notation: proxy-addr
 * (ipaddr.js) would also read `010.0.0.1` as octal, `0x0a.0.0.1` and `167772161` as 10.0.0.1, and a netmask
 * after the slash, none of which an operator means in a list of proxies.
 */
function isSubnet(entry: string): boolean {
  const [address = '', prefix] = entry.split('/');
  if (isIP(address) === 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return false;
  try {
    proxyaddr.compile(entry);
    return true;
  } catch {
    return false; // a prefix longer than the address, or 0 (every address)
  }
}

const unmapped = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

/**
 * The address a forwarded hop names, as the limits key it: `203.0.113.7`, `203.0.113.7:51234`, `2001:db8::1`,
 * `[2001:db8::1]` and `[2001:db8::1]:443` (some balancers write the client's port) are one address each;
 * anything else (`unknown`, a name, `1.2.3.4:abc`, `010.0.0.1`) is none.
 */
export function hopAddress(hop: string | undefined): string | undefined {
  // A request with no socket address (the page cache's render of its own, apart from any connection) names none.
  const text = (hop ?? '').trim();
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/.exec(text);
  const [address, port] = bracketed ? [bracketed[1]!, bracketed[2]] : withPort ? [withPort[1]!, withPort[2]] : [text];
  if (port !== undefined && Number(port) > 65_535) return undefined;
  const family = isIP(address);
  if (family === 0 || (bracketed && family !== 6)) return undefined;
  return unmapped(address.toLowerCase());
}

/** IPv6 clients get a whole /64 each from their provider: counting per address would give an attacker 2^64 clients. */
function limitKeyOf(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
          ...tailGroups,
        ];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
