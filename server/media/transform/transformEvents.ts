import type { HeavyDecoder } from './decodeProcess.js';
import type { VariantFormat } from './variantFormat.js';

/** Why a decode was not run: it can never fit the decode share, or the original failed (or killed its decoder) before. */
export type DecodeRefusal = 'over_share' | 'remembered';
/** How a heavy original's decode ended: made, failed, killed at its deadline, killed (the OOM killer, a crash), or never fitting. */
export type HeavyDecodeOutcome = 'ok' | 'failed' | 'deadline' | 'killed' | 'too_large';

/** What the transform service reports of its work (server/media/pictureMetrics.ts counts it in /metrics). */
export interface TransformEvents {
  transformed(format: VariantFormat, outcome: 'ok' | 'failed', seconds: number): void;
  heavyDecoded(decoder: HeavyDecoder | 'here', outcome: HeavyDecodeOutcome, seconds: number): void;
  decodeRefused(reason: DecodeRefusal): void;
}
