import type { FinanceProps } from './financeTypes.js';

/** Part 1 §8 'Finance unavailable': the apology, with the selling site's phone and e-mail. */
export function FinanceUnavailable({ contact, labels }: Pick<FinanceProps, 'contact' | 'labels'>) {
  return (
    <div className="finance__unavailable">
      <h3 className="finance__subtitle">{labels.unavailableTitle}</h3>
      <p>{labels.unavailableText}</p>
      <ul className="finance__contact">
        {contact.phone && (
          <li>
            {labels.phone}: <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
          </li>
        )}
        {contact.email && (
          <li>
            {labels.email}: <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </li>
        )}
      </ul>
    </div>
  );
}
