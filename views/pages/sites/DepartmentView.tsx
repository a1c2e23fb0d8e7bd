import { ResponsiveImage } from '../../../client/media/ResponsiveImage.js';
import { formatMarketDate } from '../../../client/shared/marketDate.js';
import type { SiteDepartment } from '../../../contracts/upstream/search.js';
import { usePage } from '../../PageContext.js';
import { currentVacations, formatHours, groupOpeningHours, upcomingDeviations, weekdayName } from './openingHours.js';
import { telHref } from '../../../client/shared/sites/siteCard.js';
import { STAFF } from '../../../client/shared/media/pictureLayouts.js';

/** One department: contact, brands, the week's opening hours, vacation closures, days with other hours and its staff. */
export function DepartmentView({ department, today }: { department: SiteDepartment; today: string }) {
  const { t, market, language } = usePage();
  const locale = market.locales[language] ?? language;
  const closed = t('pages.siteClosed');
  const date = (iso: string) => <time dateTime={iso.slice(0, 10)}>{formatMarketDate(iso, market.dateFormat)}</time>;
  const headingId = `department-${department.department_id}`;
  const vacations = currentVacations(department.vacation_days, today);
  const deviations = upcomingDeviations(department.deviation_days, today);
  return (
    <li className="department">
      <section aria-labelledby={headingId}>
        <h3 id={headingId} className="department__name">
          {department.name}
        </h3>
        <p className="department__contact">
          <span className="visually-hidden">{t('pages.sitePhone')} </span>
          <a href={telHref(department.phone)}>{department.phone}</a>
          <br />
          <span className="visually-hidden">{t('pages.siteEmail')} </span>
          <a href={`mailto:${department.email}`}>{department.email}</a>
        </p>
        {department.brands.length > 0 && (
          <p className="department__brands">
            <span className="department__label">{`${t('pages.siteDepartmentBrands')}:`}</span>{' '}
            {department.brands.map((b) => b.name).join(', ')}
          </p>
        )}
        <table className="opening-hours">
          <caption>{t('pages.siteOpeningHours')}</caption>
          <tbody>
            {groupOpeningHours(department.opening_hours).map((row) => (
              <tr key={row.first}>
                <th scope="row">
                  {row.first === row.last
                    ? weekdayName(row.first, locale)
                    : `${weekdayName(row.first, locale)}–${weekdayName(row.last, locale)}`}
                </th>
                <td>{formatHours(row.hours, closed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {vacations.length > 0 && (
          <>
            <h4 className="department__subheading">{t('pages.siteVacation')}</h4>
            <ul className="department__dates">
              {vacations.map((v) => (
                <li key={v.from}>
                  {date(v.from)}–{date(v.to)}: {v.description}
                </li>
              ))}
            </ul>
          </>
        )}
        {deviations.length > 0 && (
          <>
            <h4 className="department__subheading">{t('pages.siteDeviations')}</h4>
            <ul className="department__dates">
              {deviations.map((d) => (
                <li key={d.date}>
                  {date(d.date)} {d.description}: {formatHours(d, closed)}
                </li>
              ))}
            </ul>
          </>
        )}
        {department.users.length > 0 && (
          <>
            <h4 className="department__subheading">{t('pages.siteDepartmentStaff')}</h4>
            <ul className="department__staff">
              {department.users.map((user) => (
                <li key={user.email} className="staff-member">
                  <ResponsiveImage
                    className="staff-member__image"
                    src={user.image_url}
                    alt=""
                    shape={[1, 1]}
                    layout={STAFF}
                  />
                  <span className="staff-member__name">{user.name}</span>
                  <span className="staff-member__title">{user.title}</span>
                  <a href={telHref(user.phone)}>{user.phone}</a>
                  <a href={`mailto:${user.email}`}>{user.email}</a>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </li>
  );
}
