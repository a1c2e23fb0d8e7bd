/**
 * Trailing-slash trimming by a loop, never `/\/+$/`: V8 tries that pattern at every slash of a run
 * and walks the rest of the run each time, so a path of 16,000 slashes and a letter held the event
 * loop for seconds (issue 24). Shared by the BFF, its views and the sandbox, which compare page paths alike.
 */

/** `text` without the run of `char` at its end. */
export function trimTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** A page path without trailing slashes: `/nyheter/` and `/nyheter` are one page; `/` and `///` are `/`. */
export function withoutTrailingSlashes(path: string): string {
  if (path === '') return path;
  return trimTrailing(path, '/') || '/';
}
