import type { ReactNode } from 'react';
import type { AssetResolver } from './AssetResolver.js';
import { IslandScripts } from './IslandScripts.js';
import { usePage } from './PageContext.js';
import { JsonLd } from './seo/JsonLd.js';

export interface PageHead {
  title: string;
  description: string;
  /** Leave out for pages search engines should not index (errors). */
  indexable?: boolean;
  /** schema.org objects, each written as one JSON-LD script (Article, AutoDealer, Car, BreadcrumbList...). */
  structuredData?: readonly object[];
}

/** The whole HTML document: head with SEO links and styles, the page, then its island scripts. */
export function Document({ head, assets, children }: { head: PageHead; assets: AssetResolver; children: ReactNode }) {
  const { market, language, path } = usePage();
  const origin = `https://${market.hostnames[0]}`;
  const localisedPath = (lang: string) => (lang === market.languages[0] ? path : `/${lang}${path === '/' ? '' : path}`);
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${head.title} | ${market.siteName}`}</title>
        <meta name="description" content={head.description} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {head.indexable === false ? (
          <meta name="robots" content="noindex" />
        ) : (
          <>
            <link rel="canonical" href={`${origin}${localisedPath(language)}`} />
            {market.languages.map((lang) => (
              <link key={lang} rel="alternate" hrefLang={lang} href={`${origin}${localisedPath(lang)}`} />
            ))}
            <link rel="alternate" hrefLang="x-default" href={`${origin}${localisedPath(market.languages[0]!)}`} />
          </>
        )}
        {head.structuredData?.map((data, i) => <JsonLd key={i} data={data} />)}
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body data-market={market.id}>
        {children}
        <IslandScripts assets={assets} />
      </body>
    </html>
  );
}
