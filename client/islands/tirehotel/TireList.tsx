import type { TirehotelVehicle } from '../../../contracts/upstream/tirehotel.js';
import type { TireHotelTexts } from './tirehotelTexts.js';
import { fillText } from '../../../markets/translations/plural.js';

type Tire = TirehotelVehicle['tires'][number];
const POSITION_KEYS = { LF: 'tireLF', RF: 'tireRF', LR: 'tireLR', RR: 'tireRR' } as const;

/** 'Vänster fram' for `LF`; an unknown position code is shown as it is. */
export function positionName(texts: TireHotelTexts, position: string): string {
  return position in POSITION_KEYS ? texts[POSITION_KEYS[position as keyof typeof POSITION_KEYS]] : position;
}

function WarningIcon() {
  return (
    <svg
      className="tirehotel__warning-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 2 1 21h22L12 2Zm0 6 .01 0L13 15h-2l1-7Zm-1 9h2v2h-2v-2Z" fill="currentColor" />
    </svg>
  );
}

/**
 * The stored tires (part 2 §2.5): threadStatusId 1 (change recommended) puts a warning card above
 * the list; any status above 0 marks the tire with a small warning icon next to the service's message.
 */
export function TireList({ texts, tires }: { texts: TireHotelTexts; tires: readonly Tire[] }) {
  const recommended = tires.filter((tire) => tire.wheel.threadStatusId === 1);
  return (
    <>
      {recommended.length > 0 && (
        <div className="tirehotel__warning-card">
          <p className="tirehotel__warning-title">
            <WarningIcon /> {texts.tireWarningTitle}
          </p>
          <p>
            {fillText(texts.tireWarningText, {
              positions: recommended
                .map((tire) => positionName(texts, tire.equipmentPosition).toLowerCase())
                .join(', '),
            })}
          </p>
        </div>
      )}
      <ul className="tirehotel__tires">
        {tires.map(({ equipmentPosition, wheel }) => (
          <li key={equipmentPosition} className="tirehotel__tire">
            <p className="tirehotel__tire-position">{positionName(texts, equipmentPosition)}</p>
            <p>{wheel.name}</p>
            <dl className="tirehotel__facts">
              <div>
                <dt>{texts.tireSize}</dt>
                <dd>{`${wheel.sectionWidth}/${wheel.aspectRatio} R${wheel.rimDiameter}`}</dd>
              </div>
              <div>
                <dt>{texts.tireDepth}</dt>
                <dd>{fillText(texts.tireDepthValue, { depth: wheel.threadDepth.toLocaleString('sv-SE') })}</dd>
              </div>
            </dl>
            <p
              className={
                wheel.threadStatusId > 0
                  ? 'tirehotel__tire-status tirehotel__tire-status--warn'
                  : 'tirehotel__tire-status'
              }
            >
              {wheel.threadStatusId > 0 && <WarningIcon />} {wheel.threadStatusMessage}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
