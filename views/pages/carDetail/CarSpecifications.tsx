import type { CarFormat } from '../../../client/shared/cars/formatCar.js';
import type { Car } from '../../../contracts/upstream/search.js';
import { usePage } from '../../PageContext.js';
import { technicalRows } from './technicalRows.js';

/** Equipment shown up to this many items; the rest behind a disclosure (part 1 §9). */
export const EQUIPMENT_SHOWN = 4;
/** Technical data rows shown; the rest behind a disclosure (part 1 §9). */
export const TECHNICAL_ROWS_SHOWN = 5;

/** Equipment and technical data; what is beyond the first items opens with a native <details> (no script). */
export function CarSpecifications({ car, format }: { car: Car; format: CarFormat }) {
  const { t, market } = usePage();
  const equipment = car.car_equipment;
  const rows = technicalRows(car, market, t, format);
  const technicalList = (list: typeof rows) => (
    <dl className="car-technical">
      {list.map((row) => (
        <div key={row.label} className="car-technical__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <>
      {equipment.length > 0 && (
        <section className="car-detail__section" aria-labelledby="car-equipment">
          <h2 id="car-equipment">{t('carDetail.equipment')}</h2>
          <ul className="car-equipment">
            {equipment.slice(0, EQUIPMENT_SHOWN).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          {equipment.length > EQUIPMENT_SHOWN && (
            <details className="car-detail__more">
              <summary>
                <span className="summary__closed">
                  {t('carDetail.equipmentMore', { count: equipment.length - EQUIPMENT_SHOWN })}
                </span>
                <span className="summary__open">{t('carDetail.equipmentLess')}</span>
              </summary>
              <ul className="car-equipment">
                {equipment.slice(EQUIPMENT_SHOWN).map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </details>
          )}
        </section>
      )}
      {rows.length > 0 && (
        <section className="car-detail__section" aria-labelledby="car-technical">
          <h2 id="car-technical">{t('carDetail.technicalData')}</h2>
          {technicalList(rows.slice(0, TECHNICAL_ROWS_SHOWN))}
          {rows.length > TECHNICAL_ROWS_SHOWN && (
            <details className="car-detail__more">
              <summary>
                <span className="summary__closed">
                  {t('carDetail.technicalMore', { count: rows.length - TECHNICAL_ROWS_SHOWN })}
                </span>
                <span className="summary__open">{t('carDetail.technicalLess')}</span>
              </summary>
              {technicalList(rows.slice(TECHNICAL_ROWS_SHOWN))}
            </details>
          )}
        </section>
      )}
    </>
  );
}
