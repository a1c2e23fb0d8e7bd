import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { Range as Slider } from 'react-range';
import { RANGE_DEBOUNCE_MS } from '../../shared/carList/carListConfig.js';
import type { CarListTexts } from './carListTypes.js';
import { moveRangeEnd, normaliseRange, sliderValues, type Range } from '../../shared/carList/rangeRules.js';
import { fillText } from '../../../markets/translations/plural.js';

interface RangeFacetProps {
  field: string;
  name: string;
  extent: Range;
  step: number;
  filter: Range | undefined;
  /** A range the shopper chose, in the slider's units; the list decides whether it spans the whole facet (no filter). */
  onApply: (range: Range) => void;
  format: (value: number) => string;
  texts: CarListTexts;
  defaultOpen?: boolean;
}

/**
 * A two-thumb slider with paired number inputs. The list is searched 1.5 s after the last move,
 * or at once on release of the pointer (or Enter / leaving an input); arrow keys wait the 1.5 s too,
 * so a keyboard shopper stepping along does not search at every step. An outside change of the filter (Back, clear all, a chip) moves the thumbs.
 */
export function RangeFacet({
  field,
  name,
  extent,
  step,
  filter,
  onApply,
  format,
  texts,
  defaultOpen = false,
}: RangeFacetProps) {
  const [values, setValues] = useState<Range>(() => sliderValues(filter, extent));
  const [drafts, setDrafts] = useState<[string, string]>(() => [String(values[0]), String(values[1])]);
  const [open] = useState(defaultOpen || filter !== undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pointerDown = useRef(false);
  // The filter or extent changed from outside: show it (React's 'adjust state on a prop change' pattern).
  const outside = `${filter?.join('-') ?? ''}|${extent.join('-')}`;
  const [seen, setSeen] = useState(outside);
  if (seen !== outside) {
    setSeen(outside);
    const next = sliderValues(filter, extent);
    if (next[0] !== values[0] || next[1] !== values[1]) {
      setValues(next);
      setDrafts([String(next[0]), String(next[1])]);
    }
  }
  const labelId = useId();
  const minId = useId();
  const maxId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (range: Range) => {
    clearTimeout(timer.current);
    const shown = sliderValues(filter, extent);
    if (range[0] !== shown[0] || range[1] !== shown[1]) onApply(range);
  };
  const show = (range: Range) => {
    setValues(range);
    setDrafts([String(range[0]), String(range[1])]);
  };
  const applySoon = (range: Range) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(range), RANGE_DEBOUNCE_MS);
  };
  /** A typed end: the other end follows when they would cross. */
  const fromInput = (end: 'min' | 'max', text: string): Range | undefined => {
    const n = Number(text.replace(/\s/g, ''));
    return text.trim() === '' || !Number.isFinite(n) ? undefined : moveRangeEnd(values, end, n, extent);
  };
  const onType = (end: 'min' | 'max', text: string) => {
    setDrafts(end === 'min' ? [text, drafts[1]] : [drafts[0], text]);
    const range = fromInput(end, text);
    if (range) applySoon(range);
  };
  const onCommit = (end: 'min' | 'max') => {
    const range = fromInput(end, end === 'min' ? drafts[0] : drafts[1]) ?? values;
    show(range);
    apply(range);
  };

  return (
    <details className="facet facet--range" open={open}>
      <summary className="facet__name" id={labelId}>
        {name}
        {filter && (
          <span className="facet__selected">
            {' '}
            ({format(filter[0])} – {format(filter[1])})
          </span>
        )}
      </summary>
      <div className="range">
        <Slider
          values={[...values]}
          min={extent[0]}
          max={extent[1]}
          step={step}
          label={name}
          onChange={(v) => {
            const range = normaliseRange(v, extent);
            show(range);
            applySoon(range);
          }}
          onFinalChange={(v) => {
            if (!pointerDown.current) return;
            pointerDown.current = false;
            apply(normaliseRange(v, extent));
          }}
          renderTrack={({ props, children }) => (
            <div
              onMouseDown={props.onMouseDown}
              onTouchStart={props.onTouchStart}
              onPointerDownCapture={() => (pointerDown.current = true)}
              className="range__track-area"
            >
              <div
                ref={props.ref}
                className="range__track"
                style={
                  {
                    '--range-from': `${((values[0] - extent[0]) / (extent[1] - extent[0])) * 100}%`,
                    '--range-to': `${((values[1] - extent[0]) / (extent[1] - extent[0])) * 100}%`,
                  } as CSSProperties
                }
              >
                {children}
              </div>
            </div>
          )}
          renderThumb={({ props, index }) => {
            const { key, ...thumb } = props;
            return (
              <div
                key={key}
                {...thumb}
                className="range__thumb"
                aria-label={fillText(index === 0 ? texts.rangeMin : texts.rangeMax, { facet: name })}
                aria-valuetext={format(values[index] ?? 0)}
              />
            );
          }}
        />
        <div className="range__inputs">
          <label htmlFor={minId}>
            <span className="range__input-label">{texts.from}</span>
            <span className="visually-hidden">{` ${name}`}</span>
          </label>
          <input
            id={minId}
            name={`${field}_min`}
            type="number"
            inputMode="numeric"
            value={drafts[0]}
            onChange={(e) => onType('min', e.target.value)}
            onBlur={() => onCommit('min')}
          />
          <label htmlFor={maxId}>
            <span className="range__input-label">{texts.to}</span>
            <span className="visually-hidden">{` ${name}`}</span>
          </label>
          <input
            id={maxId}
            name={`${field}_max`}
            type="number"
            inputMode="numeric"
            value={drafts[1]}
            onChange={(e) => onType('max', e.target.value)}
            onBlur={() => onCommit('max')}
          />
        </div>
      </div>
    </details>
  );
}
