import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { OutputFormat } from './outputFormat.js';

/** How a variant answer was found: this process's copy, Redis', made and kept, made and not kept (over the client's budget), or a stand-in while its AVIF is made. */
export type VariantResult = 'hit' | 'shared' | 'miss' | 'bypass';
/** Why a picture request got no picture. */
export type ImageRefusal = 'invalid' | 'busy' | 'unusable' | 'upstream';

/** The picture pipeline in /metrics: transforms by format, answers by result, refusals, and the queue now. */
export class ImageMetrics {
  readonly transforms: Counter<'format' | 'outcome'>;
  private readonly durations: Histogram<'format'>;
  private readonly answers: Counter<'result' | 'stand_in'>;
  private readonly refusals: Counter<'reason'>;

  constructor(
    registry: Registry,
    queue: () => {
      running: number;
      waiting: number;
      outside: number;
      backgroundRunning: number;
      backgroundWaiting: number;
    },
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
      help: 'Picture requests answered without a picture, by reason (invalid 400, busy 503, unusable original 502, upstream failure)',
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
  }

  transformed(format: OutputFormat, outcome: 'ok' | 'failed', seconds: number): void {
    this.transforms.inc({ format, outcome });
    if (outcome === 'ok') this.durations.observe({ format }, seconds);
  }

  answered(result: VariantResult, standIn: boolean): void {
    this.answers.inc({ result, stand_in: String(standIn) });
  }

  refused(reason: ImageRefusal): void {
    this.refusals.inc({ reason });
  }
}
