import type { Logger } from 'pino';

/**
 * Why a Redis command failed, when it did not answer with a value or a miss: Redis full (`oom`,
 * maxmemory with `noeviction`), a read-only replica (`readonly`: a managed endpoint that still names
 * the old primary), a cluster redirection not followed (`moved`, `ask`: a cluster spoken to as one
 * Redis), the cluster without a master for a slot (`clusterdown`, `masterdown`, `tryagain`), Redis
 * reading its data at start (`loading`), keys of one command in different slots (`crossslot`, a
 * defect), no answer within the deadline (`timeout`), the connection gone (`connection`).
 */
export type RedisFaultKind =
  | 'oom'
  | 'readonly'
  | 'moved'
  | 'ask'
  | 'clusterdown'
  | 'masterdown'
  | 'tryagain'
  | 'loading'
  | 'crossslot'
  | 'timeout'
  | 'connection'
  | 'other';

const REPLY_KINDS: ReadonlyArray<[prefix: string, kind: RedisFaultKind]> = [
  ['OOM', 'oom'],
  ['READONLY', 'readonly'],
  ['MOVED', 'moved'],
  ['ASK', 'ask'],
  ['CLUSTERDOWN', 'clusterdown'],
  ['MASTERDOWN', 'masterdown'],
  ['TRYAGAIN', 'tryagain'],
  ['LOADING', 'loading'],
  ['CROSSSLOT', 'crossslot'],
];

/** The kind of a command's failure: Redis's own error reply by its first word, else how the connection failed. */
export function faultKindOf(err: unknown): RedisFaultKind {
  const message = err instanceof Error ? err.message : String(err);
  const word = message.split(/\s/, 1)[0] ?? '';
  const reply = REPLY_KINDS.find(([prefix]) => word === prefix);
  if (reply) return reply[1];
  const name = err instanceof Error ? err.constructor.name : '';
  if (/timeout|deadline/i.test(name) || /no answer within|timeout/i.test(message)) return 'timeout';
  if (/closed|offline|socket|connect|ECONN|EPIPE|reset/i.test(name + ' ' + message)) return 'connection';
  return 'other';
}

/** The last fault, as /readyz shows it. */
export interface RedisFault {
  kind: RedisFaultKind;
  message: string;
  at: string;
}

/** How long after its last fault Redis is reported degraded: a fault a minute keeps it so. */
export const FAULT_WINDOW_MS = 60_000;
/** One warning a kind of fault in this long, with the count of those since the previous one. */
export const FAULT_LOG_INTERVAL_MS = 60_000;

/**
 * What the process does alone while Redis fails (down, or degraded by faults): each feature that
 * Redis shares between replicas, and what it runs on meanwhile (docs/operations.md, "What a Redis
 * fault does"). `refused` features answer 503 with Retry-After rather than run on one process.
 */
export const WITHOUT_REDIS = {
  processAlone: [
    'page cache',
    'search cache',
    'picture variants',
    'rate limits (per replica)',
    'revoked sessions',
    'webhook replays',
    'purge (this replica)',
  ],
  refused: ['tire-hotel look-ups, code sends and code checks', 'a lead or booking whose id Redis cannot record'],
} as const;

/**
 * Every Redis command failure that is not a miss, told three ways: a counter (the metric), a warning
 * in the log (one a kind per FAULT_LOG_INTERVAL_MS, so a full Redis under traffic does not flood it),
 * and the last fault, which /readyz shows while it is recent.
 */
export class RedisFaults {
  private last: { kind: RedisFaultKind; message: string; atMs: number } | undefined;
  private readonly logged = new Map<RedisFaultKind, { atMs: number; since: number }>();

  constructor(
    private readonly logger: Logger,
    private readonly onFault: (kind: RedisFaultKind) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  report(err: unknown, command?: string): RedisFaultKind {
    const kind = faultKindOf(err);
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 200);
    const atMs = this.now();
    this.last = { kind, message, atMs };
    this.onFault(kind);
    const told = this.logged.get(kind);
    if (!told || atMs - told.atMs >= FAULT_LOG_INTERVAL_MS) {
      this.logger.warn({ kind, err: message, command, since: told?.since ?? 0 }, 'redis fault');
      this.logged.set(kind, { atMs, since: 0 });
    } else {
      told.since += 1;
    }
    return kind;
  }

  /** The last fault while it is recent (within FAULT_WINDOW_MS). */
  recent(): RedisFault | undefined {
    if (!this.last || this.now() - this.last.atMs > FAULT_WINDOW_MS) return undefined;
    return { kind: this.last.kind, message: this.last.message, at: new Date(this.last.atMs).toISOString() };
  }
}
