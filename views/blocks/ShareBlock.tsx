import type { ShareBlockSchema } from '../../contracts/upstream/content.js';
import { useEditable } from '../editable.js';
import { usePage } from '../PageContext.js';
import { absoluteUrl } from '../seo/siteOrigin.js';
import type { BlockProps } from './blockProps.js';
import type { z } from 'zod';

type ShareTarget = z.infer<typeof ShareBlockSchema>['targets'][number];
type LinkTarget = Exclude<ShareTarget, 'copy' | 'native'>;

const NETWORKS: Record<LinkTarget, { name: string; href: (url: string) => string }> = {
  linkedin: {
    name: 'LinkedIn',
    href: (url) => `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url })}`,
  },
  facebook: {
    name: 'Facebook',
    href: (url) => `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`,
  },
  whatsapp: { name: 'WhatsApp', href: (url) => `https://wa.me/?${new URLSearchParams({ text: url })}` },
  x: { name: 'X', href: (url) => `https://x.com/intent/post?${new URLSearchParams({ url })}` },
};

/** A share link to each network the editor chose, for the page's canonical URL. */
export function shareLink(target: LinkTarget, pageUrl: string): { name: string; href: string } {
  const network = NETWORKS[target];
  return { name: network.name, href: network.href(pageUrl) };
}

/**
 * Share links built here with the page's canonical URL; copy link and native share are buttons that
 * client/enhance/share.ts shows only where the browser has the Clipboard API or navigator.share.
 */
export function ShareBlock({ block }: BlockProps<'share'>) {
  const { t, origin, path } = usePage();
  const edit = useEditable();
  const pageUrl = absoluteUrl(origin, path);
  return (
    <section className="share" data-share="">
      <h2 className="share__title" {...edit('title')}>
        {block.title ?? t('block.shareHeading')}
      </h2>
      <ul className="share__list" {...edit('targets')}>
        {block.targets.map((target) => {
          if (target === 'copy') {
            return (
              <li key={target} data-share-copy-item="" hidden>
                <button type="button" className="share__button" data-share-copy="" data-url={pageUrl}>
                  {t('block.shareCopy')}
                </button>
              </li>
            );
          }
          if (target === 'native') {
            return (
              <li key={target} data-share-native-item="" hidden>
                <button type="button" className="share__button" data-share-native="" data-url={pageUrl}>
                  {t('block.shareNative')}
                </button>
              </li>
            );
          }
          const link = shareLink(target, pageUrl);
          return (
            <li key={target}>
              <a
                className={`share__button share__button--${target}`}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('block.shareOn', { network: link.name })}
                <span className="visually-hidden"> {t('layout.opensInNewWindow')}</span>
              </a>
            </li>
          );
        })}
      </ul>
      <p
        className="share__status"
        role="status"
        data-share-status=""
        data-copied={t('block.shareCopied')}
        data-failed={t('block.shareCopyFailed')}
      />
    </section>
  );
}
