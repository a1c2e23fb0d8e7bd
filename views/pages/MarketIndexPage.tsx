import type { Market } from '../../markets/schema.js';

/**
 * The bare `localhost` page in development: one link per market's development host. It belongs to
 * no market, so its few words are the developers' English, not a shopper's translation.
 */
export function MarketIndexPage({ markets, port }: { markets: readonly Market[]; port: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Markets</title>
      </head>
      <body>
        <main>
          <h1>Markets</h1>
          <ul>
            {markets.map((m) => (
              <li key={m.id}>
                <a href={`http://${m.devHostname}${port ? `:${port}` : ''}/`}>
                  {m.siteName} ({m.devHostname})
                </a>
              </li>
            ))}
          </ul>
        </main>
      </body>
    </html>
  );
}
