import { useEditable } from '../editable.js';
import { usePage } from '../PageContext.js';

/** The trail from the home page to this page (its last item, the page itself, is not a link); nothing on the home page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly { name: string; path: string }[] }) {
  const { t, href } = usePage();
  const editable = useEditable();
  if (crumbs.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('seo.breadcrumbs')} {...editable('breadcrumbs')}>
      <ol className="breadcrumbs__list">
        {crumbs.map((crumb, i) =>
          i < crumbs.length - 1 ? (
            <li key={crumb.path}>
              <a href={href(crumb.path)}>{crumb.name}</a>
            </li>
          ) : (
            <li key={crumb.path} aria-current="page" {...editable('name')}>
              {crumb.name}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
