import type { ContentLink } from '../../server/upstream/contracts/content.js';

/** A content service link; links leaving the site open in a new tab without handing it this page. */
export function ContentLinkView({ link, className }: { link: ContentLink; className?: string }) {
  const external = link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <a className={className} href={link.url} {...external}>
      {link.text}
    </a>
  );
}
