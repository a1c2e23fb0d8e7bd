import { ResponsiveImage } from '../../client/media/ResponsiveImage.js';
import { usePage } from '../PageContext.js';
import type { LayoutData } from './layoutData.js';
import { FOOTER_LOGO } from '../../client/shared/media/pictureLayouts.js';

/** Brand logos, each linking to the market's car list filtered on that brand. */
export function SiteFooter({ brands }: { brands: LayoutData['brands'] }) {
  const { market, t } = usePage();
  return (
    <footer className="site-footer">
      <h2 className="visually-hidden">{t('layout.footerHeading')}</h2>
      {brands.length > 0 && (
        <section className="footer-brands" aria-labelledby="footer-brands-heading">
          <h3 id="footer-brands-heading" className="footer-brands__heading">
            {t('layout.footerBrands')}
          </h3>
          <ul className="footer-brands__list">
            {brands.map((brand) => (
              <li key={brand.name}>
                <a href={`${market.paths.carList}?${new URLSearchParams({ car_brand: brand.name }).toString()}`}>
                  <ResponsiveImage src={brand.logo.src} alt={brand.name} shape={[2, 1]} layout={FOOTER_LOGO} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        © {new Date().getFullYear()} {market.siteName}
      </p>
    </footer>
  );
}
