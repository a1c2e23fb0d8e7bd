import { usePage } from '../PageContext.js';

/** The market's own 404 and 500 pages, in the market's language. */
export function ErrorPage({ kind }: { kind: 'notFound' | 'server' }) {
  const { t, href } = usePage();
  return (
    <section className="page-intro">
      <h1>{t(kind === 'notFound' ? 'error.notFoundTitle' : 'error.serverTitle')}</h1>
      <p>{t(kind === 'notFound' ? 'error.notFoundText' : 'error.serverText')}</p>
      <p>
        <a href={href('/')}>{t('layout.homeLink')}</a>
      </p>
    </section>
  );
}
