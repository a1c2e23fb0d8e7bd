import type { PageHead } from '../pageHead.js';
import { usePage } from '../PageContext.js';
import { absoluteUrl, sharedPictureUrl } from './siteOrigin.js';

/** og:locale wants `sv_FI`, markets write `sv-FI`. */
const ogLocale = (locale: string) => locale.replace('-', '_');

/**
 * Canonical, hreflang, Open Graph and Twitter card of a page; a page not to index (an error, editing
 * mode) gets `noindex` and no canonical.
 */
export function SeoHead({ head }: { head: PageHead }) {
  const { market, language, path, alternates, editing, origin } = usePage();
  if (head.indexable === false || editing) return <meta name="robots" content="noindex" />;
  const canonical = absoluteUrl(origin, path);
  const defaultVersion = alternates.find((a) => a.language === market.languages[0]);
  const locale = market.locales[language];
  return (
    <>
      <link rel="canonical" href={canonical} />
      {alternates.map((a) => (
        <link key={a.language} rel="alternate" hrefLang={a.language} href={absoluteUrl(origin, a.path)} />
      ))}
      {defaultVersion && <link rel="alternate" hrefLang="x-default" href={absoluteUrl(origin, defaultVersion.path)} />}
      <meta property="og:type" content={head.ogType ?? 'website'} />
      <meta property="og:site_name" content={market.siteName} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={canonical} />
      {locale && <meta property="og:locale" content={ogLocale(locale)} />}
      {alternates
        .filter((a) => a.language !== language && market.locales[a.language])
        .map((a) => (
          <meta key={a.language} property="og:locale:alternate" content={ogLocale(market.locales[a.language]!)} />
        ))}
      {head.image && (
        <>
          <meta property="og:image" content={sharedPictureUrl(origin, head.image.src)} />
          {head.image.size && (
            <>
              <meta property="og:image:width" content={String(head.image.size.width)} />
              <meta property="og:image:height" content={String(head.image.size.height)} />
            </>
          )}
          <meta property="og:image:alt" content={head.image.alt} />
        </>
      )}
      {head.product && (
        <>
          <meta property="product:price:amount" content={String(head.product.price)} />
          <meta property="product:price:currency" content={head.product.currency} />
          <meta property="product:condition" content={head.product.condition} />
        </>
      )}
      <meta name="twitter:card" content={head.image ? 'summary_large_image' : 'summary'} />
    </>
  );
}
