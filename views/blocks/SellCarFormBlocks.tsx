import type { ReactNode } from 'react';
import { SellCarIsland } from '../../client/islands/sellCar/SellCarIsland.js';
import { sellCarFormName, sellCarShortFormName } from '../../contracts/forms.js';
import { useEditable } from '../editable.js';
import { Island } from '../Island.js';
import { usePage } from '../PageContext.js';
import type { BlockProps } from './blockProps.js';
import { sellCarLabels } from './leadFormLabels.js';
import { useLeadFormPost } from './leadFormPost.js';

/** A lead form block's frame: its heading (the h1 when it opens the page), the editor's text and the form. */
export function LeadFormSection({
  id,
  title,
  text,
  first,
  children,
}: {
  id: string;
  title: string;
  text: string | null;
  first: boolean;
  children: ReactNode;
}) {
  const editable = useEditable();
  const Heading = first ? 'h1' : 'h2';
  return (
    <section className="lead-form-block" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} {...editable('title')}>
        {title}
      </Heading>
      {text && (
        <p className="lead-form-block__text" {...editable('text')}>
          {text}
        </p>
      )}
      {children}
    </section>
  );
}

/** The sell-car form (part 2 §2.2), sent as this site's `{siteName}SellCarForm`. */
export function SellCarFormBlock({ block, first }: BlockProps<'sellCarForm'>) {
  const { t, market } = usePage();
  const formName = sellCarFormName(market.siteName);
  const post = useLeadFormPost(formName, `${block.id}-title`);
  return (
    <LeadFormSection id={block.id} title={block.title} text={block.text} first={first}>
      <Island
        name="sellCar"
        component={SellCarIsland}
        props={{
          variant: 'full',
          formName,
          post,
          labels: sellCarLabels(t, market.distanceUnit),
          currency: market.currency,
        }}
      />
    </LeadFormSection>
  );
}

/** The short variant, sent as `{siteName}SellCarShortForm`. */
export function SellCarShortFormBlock({ block, first }: BlockProps<'sellCarShortForm'>) {
  const { t, market } = usePage();
  const formName = sellCarShortFormName(market.siteName);
  const post = useLeadFormPost(formName, `${block.id}-title`);
  return (
    <LeadFormSection id={block.id} title={block.title} text={block.text} first={first}>
      <Island
        name="sellCar"
        component={SellCarIsland}
        props={{
          variant: 'short',
          formName,
          post,
          labels: sellCarLabels(t, market.distanceUnit),
          currency: market.currency,
        }}
      />
    </LeadFormSection>
  );
}
