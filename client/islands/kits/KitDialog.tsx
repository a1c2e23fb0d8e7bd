import { useEffect, useId, useRef } from 'react';
import { formatKitPrice, type KitItem } from '../../shared/kits/kitsQuery.js';
import { ResponsiveImage } from '../../media/ResponsiveImage.js';
import type { PictureLayout } from '../../shared/media/pictureLayouts.js';

export interface KitDialogTexts {
  close: string;
  code: string;
  price: string;
  brand: string;
  models: string;
  category: string;
  statusLabel: string;
  status: Record<KitItem['status'], string>;
}

/**
 * A kit's detail in a native modal <dialog>: the browser traps focus and closes on Escape; focus
 * starts on the close button and goes back to the card that opened it (onClose). A click on the
 * backdrop closes it too.
 */
export function KitDialog({
  kit,
  locale,
  texts,
  layout,
  onClose,
}: {
  kit: KitItem | null;
  locale: string;
  texts: KitDialogTexts;
  layout: PictureLayout;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (kit && !element.open) {
      element.showModal();
      close.current?.focus();
    } else if (!kit && element.open) element.close();
  }, [kit]);
  return (
    <dialog
      ref={dialog}
      className="kit-dialog"
      aria-labelledby={kit ? `${id}-title` : undefined}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
    >
      {kit && (
        <div className="kit-dialog__body">
          <div className="kit-dialog__head">
            <h2 id={`${id}-title`} className="kit-dialog__title">
              {kit.name}
            </h2>
            <button ref={close} type="button" className="kit-dialog__close" onClick={() => dialog.current?.close()}>
              {texts.close}
            </button>
          </div>
          <ul className="kit-dialog__images">
            {kit.images.map((src, i) => (
              <li key={src}>
                <ResponsiveImage src={src} alt={i === 0 ? kit.name : ''} shape={[4, 3]} layout={layout} />
              </li>
            ))}
          </ul>
          <p className="kit-dialog__price">
            <span className="visually-hidden">{`${texts.price} `}</span>
            {formatKitPrice(kit.retailPrice, kit.currency, locale)}
          </p>
          <dl className="kit-dialog__facts">
            <div>
              <dt>{texts.code}</dt>
              <dd>{kit.kitCode}</dd>
            </div>
            <div>
              <dt>{texts.brand}</dt>
              <dd>{kit.brand}</dd>
            </div>
            <div>
              <dt>{texts.models}</dt>
              <dd>{kit.models.join(', ')}</dd>
            </div>
            <div>
              <dt>{texts.category}</dt>
              <dd>{kit.category}</dd>
            </div>
            <div>
              <dt>{texts.statusLabel}</dt>
              <dd>{texts.status[kit.status]}</dd>
            </div>
          </dl>
          <p className="kit-dialog__description">{kit.description}</p>
        </div>
      )}
    </dialog>
  );
}
