import { bffFetch } from '../../api/bffFetch.js';
import type { Story } from '../../../contracts/upstream/content.js';
import { mediaUrl } from '../../media/mediaUrl.js';
import type { StoriesListProps } from './StoriesList.js';
import { fillShowing, loadMoreHref } from './storiesText.js';

/**
 * The stories load-more without React: the server rendered the cards and a plain `?page=N` link
 * (which works without JavaScript); here a click appends the next page from /api/stories instead,
 * moves focus to the first new story and keeps the address in step. Any failure falls back to the link.
 */
for (const island of document.querySelectorAll<HTMLElement>('[data-island="stories"]')) {
  const propsText = document.getElementById(`${island.dataset.islandId ?? ''}-props`)?.textContent;
  if (propsText) enhance(island, JSON.parse(propsText) as StoriesListProps);
}

function enhance(island: HTMLElement, props: StoriesListProps): void {
  const list = island.querySelector<HTMLUListElement>('.stories__list');
  const link = island.querySelector<HTMLAnchorElement>('.stories__load-more');
  const status = island.querySelector<HTMLElement>('.stories__status');
  if (!list || !link || !status) return;
  let shown = list.children.length;
  let busy = false;

  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    link.setAttribute('aria-busy', 'true');
    loadNext()
      .catch(() => location.assign(link.href))
      .finally(() => {
        busy = false;
        link.removeAttribute('aria-busy');
      });
  });

  async function loadNext(): Promise<void> {
    const query = new URLSearchParams({ offset: String(shown), limit: String(props.pageSize) });
    if (props.tag) query.set('tag', props.tag);
    const response = await bffFetch(`/api/stories?${query.toString()}`);
    if (!response.ok) throw new Error(`stories ${response.status}`);
    const page = (await response.json()) as { items: Story[]; total: number };
    const template = list!.lastElementChild as HTMLLIElement;
    let firstNew: HTMLLIElement | undefined;
    for (const story of page.items) {
      const card = template.cloneNode(true) as HTMLLIElement;
      card.classList.remove('story-card--highlight');
      card.id = `${props.blockId}-story-${shown}`;
      card.querySelector('a')!.href = story.url.path;
      const image = card.querySelector('img')!;
      image.src = mediaUrl(story.image.src);
      image.loading = 'lazy';
      if (story.image.width && story.image.height) {
        image.width = story.image.width;
        image.height = story.image.height;
      }
      card.querySelector('.story-card__title')!.textContent = story.displayName || story.title;
      const time = card.querySelector('time')!;
      time.dateTime = story.date.value;
      time.textContent = story.date.formattedDateValue;
      card.querySelector('.story-card__premble')!.textContent = story.premble;
      list!.append(card);
      firstNew ??= card;
      shown += 1;
    }
    const pages = Math.ceil(shown / props.pageSize);
    const address = new URL(location.href);
    address.searchParams.set('page', String(pages));
    history.replaceState(history.state, '', `${address.pathname}${address.search}`);
    status!.textContent = fillShowing(props.texts.showing, shown, page.total);
    if (shown >= page.total || page.items.length === 0) link!.remove();
    else link!.href = loadMoreHref(address, pages, props.blockId, shown);
    firstNew?.querySelector('a')?.focus();
  }
}
