import { BffCallError, callBff } from '../../api/bffCall.js';
import type { Story } from '../../../contracts/upstream/content.js';
import { keepInPlace } from '../../lists/keepInPlace.js';
import { documentPictureTemplate, pictureOf } from '../../shared/media/pictureUrl.js';
import type { StoriesListProps } from './StoriesList.js';
import { fillText } from '../../../markets/translations/plural.js';
import { loadMoreHref, storiesPageQuery, storiesTagQuery } from '../../shared/stories/storyLinks.js';

/**
 * The stories load-more without React: the server rendered the cards and a plain `?page=N` link
 * (which works without JavaScript); here a click appends the next page from /api/stories instead,
 * moves focus to the first new story and keeps the address in step. Any failure falls back to the link.
 * A deep link (`?page=N`) was rendered with page N alone: the pages before it are put above it here.
 */
// The tag chips, written by the server from the parameters pages read (a cached page answers every other), take the
// address's other parameters too (utm_*, gclid), in place, as the car list's links do.
for (const chip of document.querySelectorAll<HTMLAnchorElement>('.stories__tags a')) {
  const { pathname, searchParams } = new URL(chip.href);
  chip.href = `${pathname}${storiesTagQuery(location.search, searchParams.get('tag'))}`;
}
for (const island of document.querySelectorAll<HTMLElement>('[data-island="stories"]')) {
  const propsText = document.getElementById(`${island.dataset.islandId ?? ''}-props`)?.textContent;
  if (propsText) enhance(island, JSON.parse(propsText) as StoriesListProps);
}

function enhance(island: HTMLElement, props: StoriesListProps): void {
  const list = island.querySelector<HTMLUListElement>('.stories__list');
  const link = island.querySelector<HTMLAnchorElement>('.stories__load-more');
  const status = island.querySelector<HTMLElement>('.stories__status');
  if (!list) return;
  const template = list.firstElementChild!.cloneNode(true) as HTMLLIElement;
  let shown = props.fromPage * props.pageSize + list.children.length;

  async function storiesAt(offset: number, limit: number): Promise<{ items: Story[]; total: number }> {
    const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
    if (props.tag) query.set('tag', props.tag);
    const answer = await callBff<{ items: Story[]; total: number }>(`/api/stories?${query.toString()}`);
    if (!answer.ok) throw new BffCallError('/api/stories', answer);
    return answer.value;
  }

  /** A card for the story at `index` of the list, made from the server's. */
  function cardFor(story: Story, index: number): HTMLLIElement {
    const card = template.cloneNode(true) as HTMLLIElement;
    card.classList.toggle('story-card--highlight', props.highlightFirst && index === 0);
    card.id = `${props.blockId}-story-${index}`;
    card.querySelector('a')!.href = story.url.path;
    const image = card.querySelector('img')!;
    // The server's card carries its own story's srcset, which the browser would pick over src: all three go.
    const highlight = props.highlightFirst && index === 0;
    const picture = pictureOf(
      story.image.src,
      highlight ? props.pictures.highlight : props.pictures.card,
      story.image.width && story.image.height
        ? { width: story.image.width, aspect: story.image.width / story.image.height }
        : {},
      documentPictureTemplate(),
    );
    image.src = picture.src;
    if (picture.srcSet && picture.sizes) {
      image.srcset = picture.srcSet;
      image.sizes = picture.sizes;
    } else {
      image.removeAttribute('srcset');
      image.removeAttribute('sizes');
    }
    image.removeAttribute('fetchpriority');
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
    return card;
  }

  // A deep link: the stories before its page, as many a request as the service gives, above what the shopper sees.
  const before = props.fromPage * props.pageSize;
  if (before > 0) {
    const offsets = Array.from({ length: Math.ceil(before / props.perRequest) }, (_, i) => i * props.perRequest);
    Promise.all(offsets.map((offset) => storiesAt(offset, Math.min(props.perRequest, before - offset)))).then(
      (pages) => {
        const stay = keepInPlace(list.firstElementChild);
        list.prepend(...pages.flatMap((page) => page.items).map((story, i) => cardFor(story, i)));
        stay();
      },
      // The page as the server rendered it stays; its link still goes on from it.
      () => undefined,
    );
  }

  if (!link || !status) return;
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
    const page = await storiesAt(shown, props.pageSize);
    let firstNew: HTMLLIElement | undefined;
    for (const story of page.items) {
      const card = cardFor(story, shown);
      list!.append(card);
      firstNew ??= card;
      shown += 1;
    }
    const pages = Math.ceil(shown / props.pageSize);
    const address = { pathname: location.pathname, search: storiesPageQuery(location.search, pages) };
    history.replaceState(history.state, '', `${address.pathname}${address.search}`);
    status!.textContent = fillText(props.texts.showing, { shown, total: page.total });
    if (shown >= page.total || page.items.length === 0) link!.remove();
    else link!.href = loadMoreHref(address, pages, props.blockId, shown);
    firstNew?.querySelector('a')?.focus();
  }
}
