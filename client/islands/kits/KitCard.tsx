import { ResponsiveImage } from '../../media/ResponsiveImage.js';
import { formatKitPrice, type KitItem } from '../../shared/kits/kitsQuery.js';
import type { PictureLayout } from '../../shared/media/pictureLayouts.js';
import type { KitDialogTexts } from './KitDialog.js';

interface KitCardProps {
  kit: KitItem;
  locale: string;
  layout: PictureLayout;
  /** Opens the kit's detail (from its button); left out until the island is hydrated, when the name is plain text. */
  onOpen?: (opener: HTMLElement) => void;
  texts: Pick<KitDialogTexts, 'price' | 'code' | 'status'>;
}

/** One kit's card: picture, name (a button to its detail), price, code and status, description. */
export function KitCard({ kit, locale, layout, onOpen, texts }: KitCardProps) {
  return (
    <li className="kit-card">
      {kit.images[0] && (
        <ResponsiveImage className="kit-card__image" src={kit.images[0]} alt="" shape={[4, 3]} layout={layout} />
      )}
      <h3 className="kit-card__title">
        {onOpen ? (
          <button
            type="button"
            className="kit-card__open"
            aria-haspopup="dialog"
            onClick={(e) => onOpen(e.currentTarget)}
          >
            {kit.name}
          </button>
        ) : (
          kit.name
        )}
      </h3>
      <p className="kit-card__price">
        <span className="visually-hidden">{`${texts.price} `}</span>
        {formatKitPrice(kit.retailPrice, kit.currency, locale)}
      </p>
      <p className="kit-card__meta">
        {texts.code} {kit.kitCode} · {texts.status[kit.status]}
      </p>
      <p className="kit-card__description">{kit.description}</p>
    </li>
  );
}
