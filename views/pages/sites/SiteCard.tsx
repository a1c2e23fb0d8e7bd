import { ResponsiveImage } from '../../../client/media/ResponsiveImage.js';
import type { Site } from '../../../contracts/upstream/search.js';
import { usePage } from '../../PageContext.js';
import { siteTownLine } from './openingHours.js';
import { COVER_CARDS } from '../../../shared/media/pictureLayouts.js';

/** What a site card shows (the search asks only for these fields). */
export type SiteCardData = Pick<
  Site,
  'site_id' | 'slug' | 'site_official_name' | 'site_street' | 'site_zip' | 'site_city' | 'site_phone' | 'site_image_url'
>;

/** The site page's path: the market's site-detail path (a translated path setting) and the slug. */
export function siteDetailPath(siteDetail: string, slug: string): string {
  return `${siteDetail}/${encodeURIComponent(slug)}`;
}

/** `tel:` wants the digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** One site: image, name (the link to its page), street, zip and city, phone. */
export function SiteCard({ site, headingLevel = 3 }: { site: SiteCardData; headingLevel?: 2 | 3 }) {
  const { market, t } = usePage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="site-card">
      <ResponsiveImage
        className="site-card__image"
        src={site.site_image_url}
        alt=""
        shape={[16, 9]}
        layout={COVER_CARDS}
      />
      <Heading className="site-card__title">
        <a className="site-card__link" href={siteDetailPath(market.paths.siteDetail, site.slug)}>
          {site.site_official_name}
        </a>
      </Heading>
      <p className="site-card__address">
        {site.site_street}
        <br />
        {siteTownLine(site, market.id)}
      </p>
      <p className="site-card__phone">
        <span className="visually-hidden">{t('pages.sitePhone')} </span>
        <a href={telHref(site.site_phone)}>{site.site_phone}</a>
      </p>
    </li>
  );
}

/** A grid of site cards. */
export function SiteCardGrid({ sites, headingLevel }: { sites: readonly SiteCardData[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="site-cards">
      {sites.map((site) => (
        <SiteCard key={site.site_id} site={site} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
