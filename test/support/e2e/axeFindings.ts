import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The experimental axe rules Lighthouse's accessibility audit turns on too: among them
 * label-content-name-mismatch (WCAG 2.5.3), which the header logo and the booking's closed steps broke.
 */
const EXPERIMENTAL_RULES_LIGHTHOUSE_RUNS = ['label-content-name-mismatch', 'table-fake-caption', 'td-has-header'];

/**
 * axe's serious and critical findings on the page as it is now, or within `include`, one line each
 * ('where: rule (impact): targets'): every rule axe runs by default and the ones Lighthouse adds. The one
 * accessibility check of the e2e files and the page sweep. `anyImpact` keeps the minor and moderate ones too,
 * for a part held to no finding at all.
 */
export async function severeAxeFindings(
  page: Page,
  { include, where, anyImpact = false }: { include?: string; where?: string; anyImpact?: boolean } = {},
): Promise<string[]> {
  const rules = Object.fromEntries(EXPERIMENTAL_RULES_LIGHTHOUSE_RUNS.map((id) => [id, { enabled: true }]));
  // Legacy mode runs axe.run in the page itself; the default runs axe per frame and merges the results in a
  // new blank tab (a renderer process and a second copy of axe a check), which only matters when the page has
  // frames: none do until a video is played. resultTypes keeps axe from listing each passing node.
  const builder = new AxeBuilder({ page })
    .options({ rules, resultTypes: ['violations'] })
    .setLegacyMode(page.frames().length === 1);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => anyImpact || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${where ? `${where}: ` : ''}${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}
