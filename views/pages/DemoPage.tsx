import { Counter } from '../../client/islands/counter/Counter.js';
import { Island } from '../Island.js';
import { usePage } from '../PageContext.js';

/** Proves the island mechanism end to end: server HTML, props, hydration, under a CSP without inline script. */
export function DemoPage() {
  const { t } = usePage();
  return (
    <section className="page-intro">
      <h1>{t('demo.title')}</h1>
      <p>{t('demo.intro')}</p>
      <Island
        name="counter"
        component={Counter}
        props={{
          initial: 0,
          labels: { count: t('demo.counterLabel'), increment: t('demo.increment'), decrement: t('demo.decrement') },
        }}
      />
    </section>
  );
}
