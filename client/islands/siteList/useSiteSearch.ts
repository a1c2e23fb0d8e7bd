import { useEffect, useRef, useState } from 'react';
import type { SiteCardData } from '../../shared/sites/siteCard.js';
import {
  SITE_KEYPHRASE_MAX,
  SITE_SEARCH_DEBOUNCE_MS,
  siteKeyphrase,
  siteListFilters,
  siteSearchBody,
  withKeyphrase,
} from '../../shared/sites/siteListQuery.js';
import { keepQueryOnLanguageLinks } from '../../lists/languageLinks.js';
import { search } from '../../api/search.js';

/** The sites shown and the words they answer; `sites` is null when the search failed. */
export interface SiteResults {
  keyphrase: string;
  sites: SiteCardData[] | null;
}

/**
 * The site list's search as you type: the box's text, and the results of the words it settled on (a pause of
 * SITE_SEARCH_DEBOUNCE_MS, or Enter) within the URL's filters. The URL keeps the words (`?q=`) and whatever
 * else it carried: one history entry per search (the first settled words push one, later words while the box
 * keeps the focus replace it), so Back undoes a search, and Back and Forward show the list of their URL.
 * A newer search wins over an older one still under way; words searched before answer from memory.
 */
export function useSiteSearch(path: string, query: string, first: SiteResults) {
  const [text, setText] = useState(first.keyphrase);
  const [results, setResults] = useState(first);
  const [busy, setBusy] = useState(false);
  // The URL's query as the chips and links are built from: the server's reading at first, the address bar's after
  // each search (a cached page is rendered without the parameters no page reads, such as campaign tags: kept).
  const [params, setParams] = useState(() => new URLSearchParams(query));
  const shown = useRef(first);
  const known = useRef(new Map<string, SiteCardData[]>(first.sites ? [[first.keyphrase, first.sites]] : []));
  const inFlight = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const newEntry = useRef(true);

  const show = (next: SiteResults) => {
    shown.current = next;
    setResults(next);
  };

  /** Shows the sites of these words; `write` puts them in the URL (not when the URL itself changed: Back, Forward). */
  const run = async (words: string, write: boolean) => {
    clearTimeout(timer.current);
    const keyphrase = words.trim().slice(0, SITE_KEYPHRASE_MAX);
    const now = new URLSearchParams(location.search);
    const next = new URLSearchParams(withKeyphrase(now, keyphrase));
    if (write && next.toString() !== now.toString()) {
      const href = `${path}${withKeyphrase(next, keyphrase)}`;
      if (newEntry.current) history.pushState(null, '', href);
      else history.replaceState(history.state, '', href);
      newEntry.current = false;
      keepQueryOnLanguageLinks(location.search, 'sites');
    }
    setParams(next);
    inFlight.current?.abort();
    inFlight.current = null;
    const cached = known.current.get(keyphrase);
    if (cached) {
      setBusy(false);
      if (cached !== shown.current.sites) show({ keyphrase, sites: cached });
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setBusy(true);
    try {
      const answer = await search<SiteCardData>(siteSearchBody(keyphrase, siteListFilters(next)), controller.signal);
      known.current.set(keyphrase, answer.content);
      show({ keyphrase, sites: answer.content });
    } catch {
      if (!controller.signal.aborted) show({ keyphrase, sites: null });
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setBusy(false);
      }
    }
  };

  /** The box's text changed: search once typing pauses. */
  const type = (words: string) => {
    setText(words);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void run(words, true), SITE_SEARCH_DEBOUNCE_MS);
  };

  /** Enter, or a link that sets the words: search now. The next words start a new history entry. */
  const searchNow = (words: string) => {
    setText(words);
    void run(words, true).finally(() => (newEntry.current = true));
  };

  useEffect(() => {
    const onPop = () => {
      const words = siteKeyphrase(new URLSearchParams(location.search));
      newEntry.current = true;
      keepQueryOnLanguageLinks(location.search, 'sites');
      setText(words);
      void run(words, false);
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      clearTimeout(timer.current);
      inFlight.current?.abort();
    };
    // Set up once; run reads everything it needs from refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    text,
    results,
    busy,
    /** The URL's query as the list now stands (the chips' and links' queries are built from it). */
    params,
    type,
    searchNow,
    /** The box lost the focus: the next words are a new search (a new history entry). */
    settle: () => (newEntry.current = true),
  };
}
