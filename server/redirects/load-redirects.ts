import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MARKET_IDS } from '../../markets/schema.js';
import { compileRedirects, type CompiledRedirects } from './compile-redirects.js';
import { parseRedirectTable } from './redirect-table.js';

/** The table file of a market: `<dir>/<marketId>.txt`. */
export const tableFile = (dir: string, marketId: string): string => join(dir, `${marketId}.txt`);

/** Reads and compiles every market's table; throws (naming table:line) on anything that must not start. */
export function loadRedirects(dir = 'redirects'): CompiledRedirects {
  return compileRedirects(
    MARKET_IDS.map((marketId) => {
      const file = tableFile(dir, marketId);
      return { marketId, table: parseRedirectTable(file, readFileSync(file, 'utf8')) };
    }),
  );
}
