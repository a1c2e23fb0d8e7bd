import { usePage } from '../../PageContext.js';
import { absoluteUrl } from '../../seo/siteOrigin.js';

/**
 * 'Dela' on the car page: the browser's share sheet where it has the Web Share API, else the link copied with
 * 'Länken är kopierad' in the live region (client/enhance/share.ts). Hidden until that script runs, so no shopper
 * without scripts meets a button that does nothing; it costs the page no script of its own.
 */
export function CarShare() {
  const { t, origin, path } = usePage();
  return (
    <div className="car-detail__share" data-share="">
      <button
        type="button"
        className="car-detail__share-button"
        data-share-any=""
        data-url={absoluteUrl(origin, path)}
        hidden
      >
        {t('carDetail.share')}
      </button>
      <p
        className="visually-hidden"
        role="status"
        data-share-status=""
        data-copied={t('carDetail.linkCopied')}
        data-failed={t('carDetail.copyFailed')}
      />
    </div>
  );
}
