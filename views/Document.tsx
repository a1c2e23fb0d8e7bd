import { Fragment, type ReactNode } from 'react';
import type { AssetResolver } from './AssetResolver.js';
import { ClassicScript } from './ClassicScript.js';
import { IslandScripts } from './IslandScripts.js';
import { usePage } from './PageContext.js';
import { BreadcrumbJsonLd } from './seo/BreadcrumbJsonLd.js';
import { JsonLd } from './seo/JsonLd.js';
import type { PageHead } from './pageHead.js';
import { SeoHead } from './seo/SeoHead.js';
import { SPECULATION_RULES } from './speculationRules.js';

/**
 * The attribute of the empty <style> the page's render fills with the first screen's styles once the whole page
 * is rendered (server/render/renderPage.tsx): which styles depends on what the body turned out to hold.
 */
export const FIRST_SCREEN_STYLES = 'data-first-screen';

/** The whole HTML document: head with SEO links and styles, the page, then its island scripts. */
export function Document({ head, assets, children }: { head: PageHead; assets: AssetResolver; children: ReactNode }) {
  const { market, language, pictureTemplate, editing } = usePage();
  return (
    // The islands' pictures read the template from here in the browser (client/shared/media/pictureUrl.ts).
    <html lang={language} data-picture-template={pictureTemplate}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${head.title} | ${market.siteName}`}</title>
        <meta name="description" content={head.description} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <SeoHead head={head} />
        {head.breadcrumbs && <BreadcrumbJsonLd crumbs={head.breadcrumbs} />}
        {head.structuredData?.map((data, i) => (
          <JsonLd key={i} data={data} />
        ))}
        {assets.headScripts.map((script) => (
          <ClassicScript key={'inline' in script ? script.inline : script.src} script={script} />
        ))}
        {!editing && <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />}
        {assets.firstScreenStyles && <style {...{ [FIRST_SCREEN_STYLES]: '' }} />}
        {assets.stylesheets.map((href) =>
          assets.lateStylesheetScript ? (
            <Fragment key={href}>
              {/* For print: fetched without holding up the first paint; the script applies it to the screen once loaded. */}
              <link rel="stylesheet" href={href} media="print" />
              <script dangerouslySetInnerHTML={{ __html: assets.lateStylesheetScript }} />
              <noscript>
                <link rel="stylesheet" href={href} />
              </noscript>
            </Fragment>
          ) : (
            <link key={href} rel="stylesheet" href={href} />
          ),
        )}
      </head>
      <body data-market={market.id}>
        {children}
        <IslandScripts assets={assets} />
      </body>
    </html>
  );
}
