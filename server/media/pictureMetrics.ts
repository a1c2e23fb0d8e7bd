import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { DecodeGateStats } from './transform/decodeGate.js';
import type { VariantFormat } from './transform/variantFormat.js';

/** How a variant answer was found: this process's copy, Redis', made and kept, made and not kept (over the client's budget), or a stand-in while its AVIF is made. */
export type VariantResult = 'hit' | 'shared' | 'miss' | 'bypass';
/** Why a picture request got no picture. */
export type PictureRefusal = 'invalid' | 'busy' | 'unusable' | 'upstream' | 'decoding';
/** Why a decode was not run: it can never fit the decode share, or the original failed (or killed its decoder) before. */
export type DecodeRefusal = 'over_share' | 'remembered';
/** How a heavy original's decode ended: made, failed, killed at its deadline, killed (the OOM killer, a crash), or never fitting. */
export type HeavyDecodeOutcome = 'ok' | 'failed' | 'deadline' | 'killed' | 'too_large';

/** The picture pipeline in /metrics: transforms by format, answers by result, refusals, and the queue now. */
export class PictureMetrics {
  readonly transforms: Counter<'format' | 'outcome'>;
  private readonly durations: Histogram<'format'>;
  private readonly answers: Counter<'result' | 'stand_in'>;
  private readonly refusals: Counter<'reason'>;
  private readonly decodeRefusals: Counter<'reason'>;
  private readonly decodeWaits: Counter;
  private readonly heavyDecodes: Counter<'decoder' | 'outcome'>;
  private readonly heavyDurations: Histogram<'decoder'>;

  constructor(
    registry: Registry,
    queue: () => {
      running: number;
      waiting: number;
      outside: number;
      backgroundRunning: number;
      backgroundWaiting: number;
    },
    gate: () => DecodeGateStats,
  ) {
    this.transforms = new Counter({
      name: 'bff_image_transforms_total',
      help: 'Picture variants made (sharp transforms), by output format and outcome (ok, failed)',
      labelNames: ['format', 'outcome'] as const,
      registers: [registry],
    });
    this.durations = new Histogram({
      name: 'bff_image_transform_duration_seconds',
      help: 'Time of one transform, decode to encoded bytes, by output format',
      labelNames: ['format'] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    this.answers = new Counter({
      name: 'bff_image_variants_total',
      help: 'Variant answers by result (hit, shared, miss, bypass) and whether a stand-in was sent while its AVIF is made',
      labelNames: ['result', 'stand_in'] as const,
      registers: [registry],
    });
    this.refusals = new Counter({
      name: 'bff_image_refusals_total',
      help: 'Picture requests answered without their picture, by reason (invalid 400, busy 503, unusable original 502, upstream failure, decoding: a stand-in sent while a heavy original is still being decoded)',
      labelNames: ['reason'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'bff_image_transform_queue',
      help: 'Transforms running (the AVIFs among them too), waiting in line and waiting for a place in line (outside) now, and AVIFs made in the background running and waiting',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = queue();
        this.set({ state: 'running' }, now.running);
        this.set({ state: 'waiting' }, now.waiting);
        this.set({ state: 'outside' }, now.outside);
        this.set({ state: 'avif_running' }, now.backgroundRunning);
        this.set({ state: 'avif_waiting' }, now.backgroundWaiting);
      },
    });
    new Gauge({
      name: 'bff_image_decode_memory_bytes',
      help: 'The decode gate: its capacity (the decode share of MEMORY_BUDGET_MB), the estimated bytes of the decodes running now, and the most ever admitted at once (never above the capacity)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = gate();
        this.set({ state: 'capacity' }, now.capacityBytes);
        this.set({ state: 'admitted' }, now.admittedBytes);
        this.set({ state: 'peak' }, now.peakAdmittedBytes);
      },
    });
    new Gauge({
      name: 'bff_image_decodes',
      help: 'Decodes (transforms and heavy originals) running within the decode share, and waiting for memory',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = gate();
        this.set({ state: 'running' }, now.running);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
    this.decodeWaits = new Counter({
      name: 'bff_image_decode_waits_total',
      help: 'Decodes that waited for memory: the decode share was full when they came',
      registers: [registry],
    });
    this.decodeRefusals = new Counter({
      name: 'bff_image_decode_refusals_total',
      help: 'Decodes not run: over_share (can never fit the decode share), remembered (the original failed or killed its decoder a short while ago)',
      labelNames: ['reason'] as const,
      registers: [registry],
    });
    this.heavyDecodes = new Counter({
      name: 'bff_image_heavy_decodes_total',
      help: 'Heavy originals decoded once into an intermediate, by decoder (libavif or libheif in a decode process of its own; here) and outcome (ok, failed, deadline, killed, too_large)',
      labelNames: ['decoder', 'outcome'] as const,
      registers: [registry],
    });
    this.heavyDurations = new Histogram({
      name: 'bff_image_heavy_decode_duration_seconds',
      help: 'Time of one heavy original decoded into its intermediate, waiting for memory included, by decoder',
      labelNames: ['decoder'] as const,
      buckets: [0.25, 0.5, 1, 2.5, 5, 10, 20, 40],
      registers: [registry],
    });
  }

  decodeWaited(): void {
    this.decodeWaits.inc();
  }

  decodeRefused(reason: DecodeRefusal): void {
    this.decodeRefusals.inc({ reason });
  }

  heavyDecoded(decoder: string, outcome: HeavyDecodeOutcome, seconds: number): void {
    this.heavyDecodes.inc({ decoder, outcome });
    if (outcome === 'ok') this.heavyDurations.observe({ decoder }, seconds);
  }

  transformed(format: VariantFormat, outcome: 'ok' | 'failed', seconds: number): void {
    this.transforms.inc({ format, outcome });
    if (outcome === 'ok') this.durations.observe({ format }, seconds);
  }

  answered(result: VariantResult, standIn: boolean): void {
    this.answers.inc({ result, stand_in: String(standIn) });
  }

  refused(reason: PictureRefusal): void {
    this.refusals.inc({ reason });
  }
}
