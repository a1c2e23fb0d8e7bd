import { ResponsiveImage } from '../media/ResponsiveImage.js';
import type { PictureLayout } from '../shared/media/pictureLayouts.js';
import { siteDetailPath, siteTownLine, telHref, type SiteCardData } from '../shared/sites/siteCard.js';

/** Where a market keeps its site pages, how it writes an address, the hidden word before the phone number, the picture layout. */
export interface SiteCardContext {
  /** The market's site-detail path (`/anlaggningar`, `/sv/toimipisteet`). */
  siteDetail: string;
  marketId: string;
  /** 'Telefon', read before the number. */
  phoneLabel: string;
  /** The cards' picture layout (client/shared/media/pictureLayouts.ts COVER_CARDS): a prop, so an island carries no layout table. */
  layout: PictureLayout;
}

/** One site: image, name (the link to its page), street, zip and city, phone; the same on the server and in islands. */
export function SiteCard({
  site,
  context,
  headingLevel = 3,
}: {
  site: SiteCardData;
  context: SiteCardContext;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="site-card">
      <ResponsiveImage
        className="site-card__image"
        src={site.site_image_url}
        alt=""
        shape={[16, 9]}
        layout={context.layout}
      />
      <Heading className="site-card__title">
        <a className="site-card__link" href={siteDetailPath(context.siteDetail, site.slug)}>
          {site.site_official_name}
        </a>
      </Heading>
      <p className="site-card__address">
        {site.site_street}
        <br />
        {siteTownLine(site, context.marketId)}
      </p>
      <p className="site-card__phone">
        <span className="visually-hidden">{context.phoneLabel} </span>
        <a href={telHref(site.site_phone)}>{site.site_phone}</a>
      </p>
    </li>
  );
}

/** A grid of site cards. */
export function SiteCardGrid({
  sites,
  context,
  headingLevel,
}: {
  sites: readonly SiteCardData[];
  context: SiteCardContext;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="site-cards">
      {sites.map((site) => (
        <SiteCard key={site.site_id} site={site} context={context} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
