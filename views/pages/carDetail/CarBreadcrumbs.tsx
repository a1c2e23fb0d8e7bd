import type { Car } from '../../../server/upstream/contracts/search.js';
import { usePage } from '../../PageContext.js';
import { carTitle } from './carDetailHead.js';

/** Home › the car list › this car (the same trail is in the page's BreadcrumbList). */
export function CarBreadcrumbs({ car }: { car: Car }) {
  const { t, market, href } = usePage();
  return (
    <nav className="breadcrumbs" aria-label={t('carDetail.breadcrumbs')}>
      <ol>
        <li>
          <a href={href('/')}>{t('carDetail.breadcrumbHome')}</a>
        </li>
        <li>
          <a href={market.paths.carList}>{t('carDetail.breadcrumbCars')}</a>
        </li>
        <li aria-current="page">{carTitle(car)}</li>
      </ol>
    </nav>
  );
}
