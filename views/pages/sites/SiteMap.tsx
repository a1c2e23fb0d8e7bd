import { SiteLocationMap, type SiteLocationMapProps } from '../../../client/islands/siteMap/SiteLocationMap.js';
import type { MapTiles } from '../../../client/map/mapTypes.js';
import type { Site } from '../../../contracts/upstream/search.js';
import { Island } from '../../Island.js';
import { usePage } from '../../PageContext.js';
import { openStreetMapUrl } from './openingHours.js';
import { numberFormat } from '../../../client/shared/format/intlFormats.js';

/**
 * The map place of a site page: an interactive map at the site's coordinates (the shared LazyMap,
 * loaded when it scrolls into view, tiles from MAP_TILE_URL), and under it, for every shopper and
 * without script, the position in words and a link to OpenStreetMap. The address and the directions
 * link stay in the contact section.
 */
export function SiteMap({
  site,
  tiles,
}: {
  site: Pick<Site, 'site_id' | 'site_official_name' | 'site_geocoord'>;
  tiles: MapTiles;
}) {
  const { t, market, language } = usePage();
  const locale = market.locales[language] ?? language;
  const number = numberFormat(locale, { maximumFractionDigits: 5 });
  const { lat, lng } = site.site_geocoord;
  const props: SiteLocationMapProps = {
    ...tiles,
    site: { id: site.site_id, name: site.site_official_name, lat, lng },
    labels: {
      region: t('pages.siteMapRegion', { name: site.site_official_name }),
      loading: t('pages.siteMapLoading'),
      unavailable: t('pages.siteMapUnavailable'),
    },
  };
  return (
    <figure className="site-map">
      <Island name="siteMap" component={SiteLocationMap} props={props} />
      <figcaption className="site-map__caption">
        <span>{t('pages.siteMapPosition', { lat: number.format(lat), lng: number.format(lng) })}</span>{' '}
        <a href={openStreetMapUrl(site.site_geocoord)} target="_blank" rel="noopener">
          {t('pages.siteMapLink', { name: site.site_official_name })}{' '}
          <span className="visually-hidden">{t('layout.opensInNewWindow')}</span>
        </a>
      </figcaption>
    </figure>
  );
}
