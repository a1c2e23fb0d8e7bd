import type { Market } from '../../../markets/schema.js';
import type { Site } from '../../../contracts/upstream/search.js';
import { absoluteUrl, sharedPictureUrl } from '../../seo/siteOrigin.js';
import { openingHoursSpecification, specialOpeningHours } from './openingHours.js';
import { siteDetailPath } from '../../../client/shared/sites/siteCard.js';

/**
 * schema.org AutoDealer of a site page: address, coordinates, contact, the first (sales) department's
 * week as the site's opening hours, and every department with its own hours.
 */
export function autoDealerJsonLd(market: Market, origin: string, site: Site): object {
  const url = absoluteUrl(origin, siteDetailPath(market.paths.siteDetail, site.slug));
  const main = site.site_departments[0]!;
  return {
    '@type': 'AutoDealer',
    '@id': url,
    name: site.site_official_name,
    url,
    description: site.site_description,
    image: sharedPictureUrl(origin, site.site_image_url),
    telephone: site.site_phone,
    email: site.site_email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.site_street,
      postalCode: site.site_zip,
      addressLocality: site.site_city,
      addressRegion: site.site_region,
      addressCountry: site.site_country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: site.site_geocoord.lat, longitude: site.site_geocoord.lng },
    brand: site.site_brands.map((name) => ({ '@type': 'Brand', name })),
    openingHoursSpecification: openingHoursSpecification(main.opening_hours),
    specialOpeningHoursSpecification: specialOpeningHours(main.deviation_days),
    department: site.site_departments.map((d) => ({
      '@type':
        d.group === 'Workshop' || d.group === 'Tires' || d.group === 'Damage'
          ? 'AutoRepair'
          : d.group === 'Parts'
            ? 'AutoPartsStore'
            : 'AutoDealer',
      name: d.name,
      telephone: d.phone,
      email: d.email,
      openingHoursSpecification: openingHoursSpecification(d.opening_hours),
    })),
  };
}
