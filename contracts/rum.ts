import { z } from 'zod';

/** Core Web Vitals the browser reports (client/rum/reportVitals.ts) to POST /api/rum. */
export const RUM_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;

export const RumMetricSchema = z.strictObject({
  name: z.enum(RUM_METRICS),
  /** Milliseconds, except CLS (a unitless score). */
  value: z.number().finite().min(0).max(120_000),
  rating: z.enum(['good', 'needs-improvement', 'poor']),
  id: z.string().max(64),
});

/** One page view's metrics, sent once when the page is hidden. */
export const RumBeaconSchema = z.strictObject({
  /** The page's public path (no query), which the BFF turns into a page type. */
  path: z.string().startsWith('/').max(512),
  /** The islands the page carries (`data-island` names): where the path alone does not say the page type (booking, tire hotel). */
  islands: z
    .array(z.string().regex(/^[A-Za-z]{1,32}$/))
    .max(8)
    .optional(),
  metrics: z.array(RumMetricSchema).min(1).max(RUM_METRICS.length),
});
export type RumBeacon = z.infer<typeof RumBeaconSchema>;
export type RumMetric = z.infer<typeof RumMetricSchema>;
