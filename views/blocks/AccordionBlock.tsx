import { useEditable } from '../editable.js';
import { usePage } from '../PageContext.js';
import { JsonLd } from '../seo/JsonLd.js';
import type { BlockProps } from './blockProps.js';

/** Questions as native <details>; as FAQ also published as FAQPage structured data for search engines. */
export function AccordionBlock({ block }: BlockProps<'accordion'>) {
  const { t } = usePage();
  const edit = useEditable();
  return (
    <section className="accordion">
      <h2 {...edit('title')}>{block.title ?? t('block.faqHeading')}</h2>
      {block.items.map((item, i) => (
        <details key={i} className="accordion__item">
          <summary {...edit(`items.${i}.question`)}>{item.question}</summary>
          <p {...edit(`items.${i}.answer`)}>{item.answer}</p>
        </details>
      ))}
      {block.faq && (
        <JsonLd
          data={{
            '@type': 'FAQPage',
            mainEntity: block.items.map((item) => ({
              '@type': 'Question',
              name: item.question,
              acceptedAnswer: { '@type': 'Answer', text: item.answer },
            })),
          }}
        />
      )}
    </section>
  );
}
