/** npm run redirects:resolve -- <market> <path?query> — the redirect a path gets, and the rule behind it, for QA. */
import { loadRedirects } from '../server/redirects/load-redirects.js';
import { resolveRedirect, type RuleRef } from '../server/redirects/resolve-redirect.js';
import { MarketIdSchema } from '../markets/schema.js';

const [marketArg, pathArg, dir] = process.argv.slice(2);
const market = MarketIdSchema.safeParse(marketArg);
if (!market.success || !pathArg) {
  console.error(`usage: npm run redirects:resolve -- <${MarketIdSchema.options.join('|')}> <path?query>`);
  process.exit(2);
}
const describe = (r: RuleRef) =>
  `${r.table}:${r.line}  ${r.source}${r.condition ? ' ' + r.condition : ''} -> ${r.destination}${r.note ? `  # ${r.note}` : ''}`;
const found = resolveRedirect(loadRedirects(dir), market.data, pathArg);
if (!found) {
  console.log(`${market.data} ${pathArg}: no redirect`);
} else {
  console.log(`${market.data} ${pathArg}\n  301 Location: ${found.location}\n  rule: ${describe(found.rule)}`);
  for (const via of found.via) console.log(`  via:  ${describe(via)}`);
}
