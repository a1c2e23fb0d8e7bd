/** One schema.org object as a JSON-LD script; `<` is escaped so content text can never close the script. */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
