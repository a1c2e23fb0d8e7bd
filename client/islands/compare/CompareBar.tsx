import { useEffect, useRef, useState } from 'react';
import {
  COMPARE_MAX_CARS,
  clearCompare,
  removeFromCompare,
  completeInPageLanguage,
} from '../../compare/compareStore.js';
import { useCompare } from '../../compare/useCompare.js';
import type { CompareBarProps } from './compareLabels.js';
import { CompareModal } from './CompareModal.js';
import { ResponsiveImage } from '../../media/ResponsiveImage.js';
import { COMPARE_BAR } from '../../shared/media/pictureLayouts.js';
import { fillText } from '../../../markets/translations/plural.js';

/**
 * The compare island: a bar fixed at the bottom while cars are chosen (remove one, clear all, the
 * limit message) and the side-by-side modal. Renders nothing on the server: the list lives in the
 * shopper's sessionStorage and appears right after hydration.
 */
export function CompareBar({ labels, format, values, carDetailBase }: CompareBarProps) {
  const cars = useCompare();
  // Cars chosen on the market's other language show this page's words; a detail that never arrived is fetched.
  useEffect(() => void completeInPageLanguage(), []);
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  // The modal closes when its last car goes, whoever removed it (adjusting state while rendering).
  if (open && cars.length === 0) setOpen(false);

  const countText = fillText(labels.count, { count: cars.length, max: COMPARE_MAX_CARS });
  const focusMain = () => document.getElementById('main')?.focus();
  const remove = (id: string) => {
    if (cars.length === 1) focusMain(); // the bar and its buttons are about to go
    removeFromCompare(id);
  };

  return (
    <>
      <p className="visually-hidden" role="status">
        {cars.length > 0 ? countText : ''}
      </p>
      {cars.length > 0 && (
        <section className="compare-bar" aria-label={labels.title}>
          <h2 className="compare-bar__title">
            {labels.title} <span className="compare-bar__count">{countText}</span>
          </h2>
          <ul className="compare-bar__cars">
            {cars.map(({ id, summary }) => {
              const name = `${summary.brand} ${summary.model}`;
              return (
                <li key={id} className="compare-bar__car">
                  <ResponsiveImage src={summary.image} alt="" shape={[4, 3]} layout={COMPARE_BAR} />
                  <span className="compare-bar__name">{name}</span>
                  <button
                    type="button"
                    className="compare-bar__remove"
                    aria-label={fillText(labels.remove, { car: name })}
                    onClick={() => remove(id)}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
          {cars.length >= COMPARE_MAX_CARS && <p className="compare-bar__limit">{labels.limitReached}</p>}
          <div className="compare-bar__actions">
            <button
              type="button"
              className="compare-bar__clear"
              onClick={() => {
                focusMain();
                clearCompare();
              }}
            >
              {labels.clear}
            </button>
            <button
              type="button"
              className="compare-bar__open"
              ref={openButton}
              aria-haspopup="dialog"
              onClick={() => setOpen(true)}
            >
              {labels.open}
            </button>
          </div>
        </section>
      )}
      {open && cars.length > 0 && (
        <CompareModal
          cars={cars}
          labels={labels}
          format={format}
          values={values}
          carDetailBase={carDetailBase}
          onRemove={remove}
          onClose={() => {
            setOpen(false);
            openButton.current?.focus();
          }}
        />
      )}
    </>
  );
}
