import { Fragment, type ReactNode } from 'react';
import type { BookingProps } from './bookingProps.js';

/**
 * A text that sends the shopper to customer service, its `{email}` and `{phone}` as links to the
 * market's own (markets/*.ts `customerService`).
 */
export function ContactText({ text, contact }: { text: string; contact: BookingProps['customerService'] }) {
  const links: Record<string, ReactNode> = {
    email: <a href={`mailto:${contact.email}`}>{contact.email}</a>,
    phone: <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>,
  };
  return (
    <p>
      {text.split(/(\{(?:email|phone)\})/).map((part, i) => (
        <Fragment key={i}>{links[part.slice(1, -1)] ?? part}</Fragment>
      ))}
    </p>
  );
}
