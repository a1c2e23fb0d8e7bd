import { usePage } from '../PageContext.js';
import { JsonLd } from './JsonLd.js';
import { absoluteUrl } from './siteOrigin.js';

/** schema.org BreadcrumbList of the page's trail (home first); nothing for the home page itself. */
export function BreadcrumbJsonLd({ crumbs }: { crumbs: readonly { name: string; path: string }[] }) {
  const { origin, href } = usePage();
  if (crumbs.length < 2) return null;
  return (
    <JsonLd
      data={{
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((crumb, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: crumb.name,
          item: absoluteUrl(origin, href(crumb.path)),
        })),
      }}
    />
  );
}
