/**
 * npm run redirects:lint — per market: rule count, duplicates, conflicting destinations (and the
 * winner), flattened chains, rules overlapping an earlier more general one. Exits 1 on anything
 * that would stop the server from starting (loops, bad patterns, off-site destinations).
 */
import { compileMarket } from '../server/redirects/compile-redirects.js';
import { tableFile } from '../server/redirects/load-redirects.js';
import { findOverlaps } from '../server/redirects/redirect-overlaps.js';
import { parseRedirectTable, type RedirectRule } from '../server/redirects/redirect-table.js';
import { MARKET_IDS } from '../markets/schema.js';
import { readFileSync } from 'node:fs';

const dir = process.argv[2] ?? 'redirects';
const at = (rule: RedirectRule) =>
  `line ${rule.line} ${rule.sourceText}${rule.condition ? ' ' + rule.condition.text : ''}`;
let refused = 0;

for (const marketId of MARKET_IDS) {
  const file = tableFile(dir, marketId);
  let market;
  try {
    market = compileMarket(marketId, parseRedirectTable(file, readFileSync(file, 'utf8')));
  } catch (error) {
    refused++;
    console.error(`✗ ${marketId}: ${(error as Error).message}`);
    continue;
  }
  const { report } = market;
  const overlaps = findOverlaps(market);
  console.log(
    `\n${marketId} (${file}): ${report.ruleCount} rules, ${report.duplicates.length} duplicates, ${report.conflicts.length} conflicts, ` +
      `${report.chains.length} chains, ${overlaps.length} overlaps (${overlaps.filter((o) => o.redundant).length} redundant)`,
  );
  for (const d of report.duplicates) {
    console.log(
      `  duplicate  ${at(d.rule)} repeats line ${d.duplicateOf.line}${d.caseVariant ? ' (case variant; matching ignores case)' : ''}`,
    );
  }
  for (const c of report.conflicts) {
    console.log(
      `  conflict   ${c.winner.sourceText}: ${c.rules.map((r) => `line ${r.line} -> ${r.destination.text}`).join(', ')}; line ${c.winner.line} wins (latest)`,
    );
  }
  for (const c of report.chains) {
    const hops = c.via.map((r) => `line ${r.line}`).join(' -> ');
    console.log(
      `  chain      ${at(c.rule)} -> ${hops} => ${c.final}${c.atRequestTime ? ' (followed per request)' : ' (flattened)'}`,
    );
  }
  for (const o of overlaps) {
    console.log(
      `  overlap    ${at(o.rule)} is also matched by earlier, more general ${at(o.general)}: ${o.redundant ? 'redundant (same Location)' : 'the specific rule wins'}`,
    );
  }
}
if (refused > 0) {
  console.error(`\n${refused} table(s) would stop the server from starting.`);
  process.exit(1);
}
console.log('\nAll redirect tables compile: no loops, no invalid patterns, no off-site destinations.');
