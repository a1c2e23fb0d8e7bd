import { useEditable } from '../editable.js';
import type { BlockProps } from './blockProps.js';
import { HighlightIcon } from './highlightIcons.js';

/** Short selling points with an icon each, in 3 or 4 columns as the editor chose (one column on a phone). */
export function HighlightListBlock({ block }: BlockProps<'highlightList'>) {
  const edit = useEditable();
  const ItemHeading = block.title ? 'h3' : 'h2';
  return (
    <section className={`highlights highlights--${block.columns}`}>
      {block.title && <h2 {...edit('title')}>{block.title}</h2>}
      <ul className="highlights__list">
        {block.items.map((item, i) => (
          <li key={i} className="highlight">
            <HighlightIcon name={item.icon} />
            <ItemHeading className="highlight__title" {...edit(`items.${i}.title`)}>
              {item.title}
            </ItemHeading>
            <p {...edit(`items.${i}.text`)}>{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
