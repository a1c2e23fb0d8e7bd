import type { Car } from '../contracts/upstream/search.js';
import type { MarketId } from '../markets/schema.js';
import type { FaultBoard } from './faults.js';
import type { SandboxStats } from './stats.js';

/** What every sandbox service gets: the seed its data derives from, counters, and the clock. */
export interface SandboxContext {
  seed: number;
  stats: SandboxStats;
  faults: FaultBoard;
  /** Injected so time-dependent data (time slots, tokens) can be tested. */
  now: () => Date;
  /** The media service's bound on the photographs it keeps made, in bytes (default 48 MB). */
  photoCacheBytes?: number;
  /** What a service started that must stop with the sandbox (the photo maker process). */
  onClose: (() => void)[];
  /** Cars put up for sale since the sandbox started (`POST /__sandbox/cars`), after the seeded ones, per market. */
  publishedCars: Map<MarketId, Car[]>;
}
