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
              <PageName name={crumb.name} />
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

/**
 * The page's own name with its last two words kept on one line (base.css): a wrapped trail never leaves one word of
 * it alone on the last line ('Boka' / 'service').
 */
function PageName({ name }: { name: string }) {
  const words = name.split(' ');
  if (words.length < 2) return <>{name}</>;
  const tail = words.splice(-2).join(' ');
  return (
    <>
      {words.length > 0 && `${words.join(' ')} `}
      <span className="breadcrumbs__tail">{tail}</span>
    </>
  );
}
