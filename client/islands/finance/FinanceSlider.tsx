import { useId, type CSSProperties } from 'react';
import { Range } from 'react-range';

interface FinanceSliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** The figure as a shopper reads it ('48 months', '£2,345.67'): shown and read aloud (aria-valuetext). */
  text: string;
  /**
   * The card's result (the monthly payment): its figure shown large above the slider, and read out when it changes
   * (the result region is live), instead of a second copy of the figure beside a result of its own.
   */
  headline?: boolean;
  onChange: (value: number) => void;
}

/**
 * One labelled slider of the finance card: react-range's thumb (role slider, arrow keys one step,
 * Page Up/Down ten) named by the visible label. `value` is the thumb's place on the steps; `text` the
 * exact figure (a solved deposit need not be a whole thousand). Limits that leave one value show it as text.
 */
export function FinanceSlider({ label, value, min, max, step, text, headline = false, onChange }: FinanceSliderProps) {
  const labelId = useId();
  const header = headline ? (
    <p className="finance__payment">
      <span id={labelId} className="finance__payment-label">
        {label}
      </span>
      <strong className="finance__payment-value">{text}</strong>
    </p>
  ) : (
    <div className="finance-slider__header">
      <span id={labelId} className="finance-slider__label">
        {label}
      </span>
      <output className="finance-slider__value" aria-hidden={max > min || undefined}>
        {text}
      </output>
    </div>
  );
  if (max <= min) return <div className="finance-slider finance-slider--fixed">{header}</div>;
  const share = ((Math.min(max, Math.max(min, value)) - min) / (max - min)) * 100;
  return (
    <div className="finance-slider">
      {header}
      <Range
        values={[Math.min(max, Math.max(min, value))]}
        min={min}
        max={max}
        step={step}
        // Without these react-range names every thumb 'Accessibility label' (its aria-label placeholder).
        label={label}
        labelledBy={labelId}
        onChange={(values) => onChange(values[0]!)}
        renderTrack={({ props, children }) => (
          <div onMouseDown={props.onMouseDown} onTouchStart={props.onTouchStart} className="range__track-area">
            <div
              ref={props.ref}
              className="range__track finance-slider__track"
              style={{ '--range-from': '0%', '--range-to': `${share}%` } as CSSProperties}
            >
              {children}
            </div>
          </div>
        )}
        renderThumb={({ props }) => {
          const { key, ...thumb } = props;
          return <div key={key} {...thumb} className="range__thumb" aria-valuetext={text} />;
        }}
      />
    </div>
  );
}
