import { ResponsiveImage } from '../../client/media/ResponsiveImage.js';
import { useEditable } from '../editable.js';
import { usePage } from '../PageContext.js';
import type { BlockProps } from './blockProps.js';
import { ContentLinkView } from './ContentLinkView.js';
import { HERO, HERO_FULL, HERO_MEDIUM } from '../../client/shared/media/pictureLayouts.js';

/** Each height crops the picture to a box of its own (blocks.css). */
const LAYOUTS = { default: HERO, medium: HERO_MEDIUM, full: HERO_FULL } as const;

/**
 * Hero: full (100svh), medium (64svh) or default (312–534 px) height. The start-page search bar
 * goes to the market's search path with the keyphrase and the current page's other query
 * parameters, less filter values the market does not have; it is never shown on a full-height hero.
 * `data-page-params` names the parameters the server judged (client/enhance/heroSearch.ts adds the others).
 */
export function HeroBlock({ block, data, first }: BlockProps<'hero'>) {
  const { market, searchParams, t } = usePage();
  const edit = useEditable();
  const Heading = first ? 'h1' : 'h2';
  const showSearch = block.showSearch && block.height !== 'full';
  const read = [...searchParams].filter(([name]) => name !== 'keyphrase');
  // The filters the market has (server/pages/heroSearchData.ts); the enhance script adds the address's others.
  const carried = data?.carried ?? read;
  return (
    <section className={`hero hero--${block.height}`}>
      <ResponsiveImage
        className="hero__image"
        src={block.image.src}
        alt={block.image.alt}
        width={block.image.width}
        height={block.image.height}
        layout={LAYOUTS[block.height]}
        priority={first}
        {...edit('image')}
      />
      <div className="hero__content">
        <Heading className="hero__title" {...edit('title')}>
          {block.title}
        </Heading>
        {block.text && (
          <p className="hero__text" {...edit('text')}>
            {block.text}
          </p>
        )}
        {block.link && <ContentLinkView link={block.link} className="button" marker={edit('link')} />}
        {showSearch && (
          <form
            className="hero-search"
            role="search"
            method="get"
            action={market.paths.heroSearch}
            data-page-params={[...new Set(read.map(([name]) => name))].join(' ')}
          >
            <label className="visually-hidden" htmlFor={`${block.id}-keyphrase`}>
              {t('block.heroSearchLabel')}
            </label>
            <input
              id={`${block.id}-keyphrase`}
              type="search"
              name="keyphrase"
              placeholder={block.searchPlaceholder ?? undefined}
              defaultValue={searchParams.get('keyphrase') ?? undefined}
            />
            {carried.map(([name, value], i) => (
              <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="button">
              {t('block.heroSearchButton')}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
