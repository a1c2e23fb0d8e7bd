import type { Site } from '../../../contracts/upstream/search.js';
import { usePage } from '../../PageContext.js';
import { openStreetMapUrl } from './openingHours.js';

/**
 * The map place of a site page. The maps service has no static-map image and the CSP allows images and
 * frames from our own origin only, so the page draws a schematic map itself (inline SVG, no request,
 * decorative) and links to OpenStreetMap at the site's coordinates, where the shopper gets a real map.
 */
export function SiteMap({ site }: { site: Pick<Site, 'site_official_name' | 'site_geocoord'> }) {
  const { t, market, language } = usePage();
  const locale = market.locales[language] ?? language;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 5 });
  const { lat, lng } = site.site_geocoord;
  return (
    <figure className="site-map">
      <svg className="site-map__drawing" viewBox="0 0 320 180" aria-hidden="true" focusable="false">
        <rect width="320" height="180" fill="#e8efe6" />
        <path d="M0 120 C80 100 140 140 320 96" stroke="#fff" strokeWidth="14" fill="none" />
        <path d="M120 0 L150 180" stroke="#fff" strokeWidth="10" fill="none" />
        <path d="M0 40 L320 64" stroke="#fff" strokeWidth="6" fill="none" />
        <path d="M236 0 C220 60 260 120 250 180" stroke="#b9d3ea" strokeWidth="12" fill="none" />
        <path d="M160 90 c-12 -18 -18 -26 -18 -36 a18 18 0 1 1 36 0 c0 10 -6 18 -18 36z" fill="#00466e" />
        <circle cx="160" cy="54" r="6" fill="#fff" />
      </svg>
      <figcaption className="site-map__caption">
        <span>{t('pages.siteMapPosition', { lat: number.format(lat), lng: number.format(lng) })}</span>{' '}
        <a href={openStreetMapUrl(site.site_geocoord)} target="_blank" rel="noopener">
          {t('pages.siteMapLink', { name: site.site_official_name })} <span className="visually-hidden">{t('layout.opensInNewWindow')}</span>
        </a>
      </figcaption>
    </figure>
  );
}
