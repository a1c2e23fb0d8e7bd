import { ResponsiveImage } from '../../client/media/ResponsiveImage.js';
import { useEditable } from '../editable.js';
import { usePage } from '../PageContext.js';
import type { BlockProps } from './blockProps.js';
import { ContentLinkView } from './ContentLinkView.js';
import { MEGA_PROMO } from '../../client/shared/media/pictureLayouts.js';

/** An editor's menu on a page: columns of links under a heading each, and an optional promotion tile. */
export function MegaMenuBlock({ block }: BlockProps<'megaMenu'>) {
  const { t } = usePage();
  const edit = useEditable();
  return (
    <nav className="mega-menu-block" aria-label={t('block.megaMenuLabel')}>
      <div className="mega-menu-block__columns">
        {block.columns.map((column, i) => (
          <div key={i} className="mega-menu-block__column">
            <h2 className="mega-menu-block__heading" {...edit(`columns.${i}.title`)}>
              {column.title}
            </h2>
            <ul className="mega-menu-block__links">
              {column.links.map((link, j) => (
                <li key={j}>
                  <ContentLinkView link={link} marker={edit(`columns.${i}.links.${j}`)} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {block.promo && (
        <a
          className="mega-menu-block__promo"
          href={block.promo.link.url}
          {...(block.promo.link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          {...edit('promo')}
        >
          <ResponsiveImage
            src={block.promo.image.src}
            alt=""
            width={block.promo.image.width}
            height={block.promo.image.height}
            layout={MEGA_PROMO}
          />
          <span className="mega-menu-block__promo-title">{block.promo.title}</span>
        </a>
      )}
    </nav>
  );
}
