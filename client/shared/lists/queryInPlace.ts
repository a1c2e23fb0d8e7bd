/**
 * A list island writes its own parameters into the address bar (filters, keyphrase, page) and nothing
 * else: campaign tags (`utm_source`, `gclid`) and any other parameter it does not read stay as they
 * were, where they were, so a tag manager reading the address later, a shared link or a bookmark still
 * has them. The server cannot do this for the island: a cached page is rendered from the parameters
 * pages read (server/pageCache/pageParameters.ts), so only the address bar knows the rest.
 */

/** Whether a list owns (reads and writes) a query parameter. */
export type OwnsParameter = (name: string) => boolean;

/**
 * `current` with every parameter `owns` claims replaced by `own` (the list's canonical parameters, in its
 * order), written where the first owned parameter stood (at the end if none did); every other parameter
 * keeps its value and place. Returns '' or '?…'.
 */
export function queryInPlace(
  current: string | URLSearchParams,
  owns: OwnsParameter,
  own: URLSearchParams | string,
): string {
  const ownParams = new URLSearchParams(own);
  const result = new URLSearchParams();
  let written = false;
  const writeOwn = () => {
    if (written) return;
    written = true;
    ownParams.forEach((value, name) => result.append(name, value));
  };
  for (const [name, value] of new URLSearchParams(current)) {
    if (owns(name)) writeOwn();
    else result.append(name, value);
  }
  writeOwn();
  const text = result.toString();
  return text ? `?${text}` : '';
}
