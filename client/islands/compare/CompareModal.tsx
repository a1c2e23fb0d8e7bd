import { useEffect, useId, useRef } from 'react';
import { carDetailPath } from '../../shared/cars/carSummary.js';
import { formatMileage, formatPrice, type CarFormat } from '../../shared/cars/formatCar.js';
import type { ComparedCar } from '../../compare/compareStore.js';
import { equipmentDifferences } from '../../compare/equipmentDifferences.js';
import type { CompareBarProps, CompareLabels } from './compareLabels.js';
import { ResponsiveImage } from '../../media/ResponsiveImage.js';
import { COMPARE_MODAL } from '../../shared/media/pictureLayouts.js';
import { fillText } from '../../../markets/translations/plural.js';

interface CompareModalProps {
  cars: readonly ComparedCar[];
  labels: CompareLabels;
  format: CarFormat;
  values: CompareBarProps['values'];
  carDetailBase: string;
  onRemove: (id: string) => void;
  onClose: () => void;
}

const word = (words: Record<string, string> | undefined, value: string) => words?.[value] ?? value;

/**
 * The chosen cars side by side in a native modal <dialog>: it traps focus and closes on Escape by
 * itself; the title takes the focus when it opens, the opener gets it back when it closes.
 */
export function CompareModal({ cars, labels, format, values, carDetailBase, onRemove, onClose }: CompareModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    title.current?.focus();
  }, []);

  const remove = (id: string) => {
    if (cars.length === 1) dialog.current?.close(); // the last one: the modal goes with it
    onRemove(id);
  };
  const differences = equipmentDifferences(cars.map((car) => car.detail?.car_equipment ?? null));
  const rows: { label: string; value: (car: ComparedCar) => string }[] = [
    {
      label: labels.rows.price,
      value: ({ summary, detail }) => formatPrice(detail?.car_price ?? summary.price, summary.currency, format.locale),
    },
    { label: labels.rows.year, value: ({ summary, detail }) => String(detail?.car_year ?? summary.year) },
    {
      label: labels.rows.mileage,
      value: ({ summary, detail }) => formatMileage(detail?.car_mileage ?? summary.mileageKm, format),
    },
    // The index's words, in the page's language as the cards show them ('Sähkö' reads 'El' on fi.localhost/sv).
    { label: labels.rows.fuel, value: ({ summary, detail }) => word(values?.fuel, detail?.car_fuel ?? summary.fuel) },
    {
      label: labels.rows.gearbox,
      value: ({ summary, detail }) => word(values?.gearbox, detail?.car_gearbox ?? summary.gearbox),
    },
    {
      label: labels.rows.power,
      value: ({ summary, detail }) => fillText(labels.powerValue, { hp: detail?.car_power ?? summary.powerHp }),
    },
  ];

  return (
    <dialog ref={dialog} className="compare-modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="compare-modal__head">
        <h2 id={titleId} ref={title} tabIndex={-1}>
          {labels.title}
        </h2>
        <button type="button" className="compare-modal__close" onClick={() => dialog.current?.close()}>
          {labels.close}
        </button>
      </div>
      <div className="compare-modal__scroll">
        <table className="compare-table">
          <thead>
            <tr>
              <td />
              {cars.map(({ id, summary }) => {
                const name = `${summary.brand} ${summary.model}`;
                return (
                  <th key={id} scope="col">
                    <ResponsiveImage src={summary.image} alt="" shape={[4, 3]} layout={COMPARE_MODAL} />
                    <a href={carDetailPath(carDetailBase, summary)}>
                      {name} {summary.variant}
                    </a>
                    <button type="button" className="compare-table__remove" onClick={() => remove(id)}>
                      {fillText(labels.remove, { car: name })}
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {cars.map((car) => (
                  <td key={car.id}>{row.value(car)}</td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">{labels.rows.equipment}</th>
              {cars.map((car, i) => {
                const items = differences[i];
                return (
                  <td key={car.id}>
                    {items === null || items === undefined ? (
                      labels.unknownEquipment
                    ) : items.length === 0 ? (
                      labels.sameEquipment
                    ) : (
                      <ul className="compare-table__equipment">
                        {items.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          </tbody>
        </table>
      </div>
    </dialog>
  );
}
