import { CarCard } from '../../../client/cars/CarCard.js';
import { carCardTextsOf } from '../../../client/cars/carCardTexts.js';
import { carDetailPath, type CarSummary } from '../../../client/shared/cars/carSummary.js';
import { ResponsiveImage } from '../../../client/media/ResponsiveImage.js';
import type { MapTiles } from '../../../client/map/mapTypes.js';
import type { Site } from '../../../contracts/upstream/search.js';
import { siteBreadcrumbs } from './siteBreadcrumbs.js';
import { usePage } from '../../PageContext.js';
import { Breadcrumbs } from '../../seo/Breadcrumbs.js';
import { CarSaveToggle } from '../../saved/CarSaveToggle.js';
import { DepartmentView } from './DepartmentView.js';
import { googleMapsSearchUrl } from './openingHours.js';
import { siteTownLine, telHref } from '../../../client/shared/sites/siteCard.js';
import { localisedMapTiles } from '../../mapTiles.js';
import { SiteMap } from './SiteMap.js';
import { SITE_ARRIVALS, SITE_HERO } from '../../../client/shared/media/pictureLayouts.js';

export interface SiteDetailViewProps {
  site: Site;
  /** The site's newest cars; null when the car search failed (the section is left out). */
  latestCars: CarSummary[] | null;
  /** YYYY-MM-DD: vacations and deviation days before it are over. */
  today: string;
  /** The map tiles (MAP_TILE_URL and its attribution). */
  mapTiles: MapTiles;
}

/** A site's page: hero, address with maps link, phone, e-mail, map, departments and latest arrivals. */
export function SiteDetailView({ site, latestCars, today, mapTiles }: SiteDetailViewProps) {
  const { t, market, language } = usePage();
  const cardTexts = carCardTextsOf(t, market, language);
  return (
    <article className="site-detail">
      <Breadcrumbs crumbs={siteBreadcrumbs(site, market.paths.siteDetail, t)} />
      <header className="site-hero">
        <ResponsiveImage
          className="site-hero__image"
          src={site.site_image_url}
          alt=""
          shape={[16, 9]}
          layout={SITE_HERO}
          priority
        />
        <div className="site-hero__content">
          <h1 className="site-hero__title">{site.site_official_name}</h1>
          <p className="site-hero__text">{site.site_description}</p>
        </div>
      </header>

      <div className="site-info">
        <section className="site-contact" aria-labelledby="site-contact-title">
          <h2 id="site-contact-title">{t('pages.siteContact')}</h2>
          <address className="site-contact__address">
            <span className="site-contact__label">{t('pages.siteAddress')}</span>
            {site.site_street}
            <br />
            {siteTownLine(site, market.id)}
            <br />
            <a href={googleMapsSearchUrl(site, market.id)} target="_blank" rel="noopener">
              {t('pages.siteMapsLink')} <span className="visually-hidden">{t('layout.opensInNewWindow')}</span>
            </a>
          </address>
          <p className="site-contact__line">
            <span className="site-contact__label">{t('pages.sitePhone')}</span>
            <a href={telHref(site.site_phone)}>{site.site_phone}</a>
          </p>
          <p className="site-contact__line">
            <span className="site-contact__label">{t('pages.siteEmail')}</span>
            <a href={`mailto:${site.site_email}`}>{site.site_email}</a>
          </p>
        </section>
        <SiteMap site={site} tiles={localisedMapTiles(mapTiles, t)} />
      </div>

      <section className="site-departments" aria-labelledby="site-departments-title">
        <h2 id="site-departments-title">{t('pages.siteDepartments')}</h2>
        <ul className="departments">
          {site.site_departments.map((department) => (
            <DepartmentView key={department.department_id} department={department} today={today} />
          ))}
        </ul>
      </section>

      {latestCars && (
        <section className="site-arrivals" aria-labelledby="site-arrivals-title">
          <h2 id="site-arrivals-title">{t('pages.siteLatestArrivals')}</h2>
          {latestCars.length > 0 ? (
            <ul className="site-arrivals__list">
              {latestCars.map((car) => (
                <li key={car.id}>
                  <CarCard
                    car={car}
                    href={carDetailPath(market.paths.carDetailBase, car)}
                    texts={cardTexts}
                    imageLayout={SITE_ARRIVALS}
                    headingLevel={3}
                    actions={<CarSaveToggle car={car} />}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('pages.siteNoArrivals')}</p>
          )}
        </section>
      )}
    </article>
  );
}
