/** The one place that says where an island's browser entry lives; Vite's inputs and the server's manifest lookups both use it. */
export const ISLANDS_DIR = 'client/islands';
export const SITE_STYLESHEET = 'client/styles/site.css';

export function islandEntryPath(name: string): string {
  return `${ISLANDS_DIR}/${name}/entry.ts`;
}
