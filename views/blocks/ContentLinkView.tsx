import type { ContentLink } from '../../contracts/upstream/content.js';

/**
 * A content service link; links leaving the site open in a new tab without handing it this page.
 * `marker` carries the editing-mode field attribute (useEditable) onto the link.
 */
export function ContentLinkView({
  link,
  className,
  marker,
}: {
  link: ContentLink;
  className?: string;
  marker?: { 'data-edit-field'?: string };
}) {
  const external = link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <a className={className} href={link.url} {...external} {...marker}>
      {link.text}
    </a>
  );
}
