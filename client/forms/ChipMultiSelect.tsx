import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useDismissOutside } from './useDismissOutside.js';

export interface ChipOption {
  value: string;
  label: string;
}

interface ChipMultiSelectProps {
  label: string;
  /** The checkboxes' name: posted once per ticked choice when the form is sent without scripts. */
  name: string;
  /** The toggle's text (e.g. 'Velg tjenester'); the panel of choices opens under it. */
  toggleLabel: string;
  /** The chips' list name, for screen readers ('Valgte tjenester'). */
  chosenLabel: string;
  /** The remove button's accessible name for one chip: `Fjern {name}`. */
  removeLabel: (optionLabel: string) => string;
  options: readonly ChipOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  hint?: string;
  error?: string | undefined;
}

/**
 * A multi-select with removable chips: a disclosure (<details>, so it opens before and without scripts)
 * holds a group of native checkboxes, posted under `name`; the chosen options show as chips with a remove
 * button each. Native controls keep it usable by keyboard and screen readers alike; removing a chip moves
 * the focus to the next chip (or the toggle). The panel closes on Escape (focus back on the toggle), on a
 * press outside and when the focus leaves it.
 */
export function ChipMultiSelect({
  label,
  name,
  toggleLabel,
  chosenLabel,
  removeLabel,
  options,
  value,
  onChange,
  onBlur,
  hint,
  error,
}: ChipMultiSelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLElement>(null);
  const chips = useRef<HTMLUListElement>(null);
  const root = useRef<HTMLFieldSetElement>(null);
  useDismissOutside(open, [root], () => setOpen(false));
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    event.stopPropagation(); // a dialog around the form stays open
    setOpen(false);
    toggle.current?.focus();
  };
  const closeWhenFocusLeaves = (event: FocusEvent) => {
    if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const chosen = options.filter((option) => value.includes(option.value));
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  const set = (optionValue: string, on: boolean) => {
    const next = options.map((o) => o.value).filter((v) => (v === optionValue ? on : value.includes(v)));
    onChange(next);
  };
  const remove = (optionValue: string, index: number) => {
    set(optionValue, false);
    // The list re-renders without the chip: focus what now stands in its place, or the toggle.
    setTimeout(() => {
      const buttons = chips.current?.querySelectorAll<HTMLButtonElement>('button');
      (buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)] ?? toggle.current)?.focus();
    });
  };

  return (
    <fieldset
      ref={root}
      onKeyDown={closeOnEscape}
      onBlur={closeWhenFocusLeaves}
      className="form-field chip-select"
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="form-field__label">{label}</legend>
      {chosen.length > 0 && (
        <ul className="chip-select__chips" aria-label={chosenLabel} ref={chips}>
          {chosen.map((option, index) => (
            <li key={option.value} className="chip-select__chip">
              <span>{option.label}</span>
              <button
                type="button"
                className="chip-select__remove"
                aria-label={removeLabel(option.label)}
                onClick={() => remove(option.value, index)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <details className="chip-select__disclosure" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary ref={toggle} className="chip-select__toggle" aria-controls={`${id}-panel`}>
          {toggleLabel}
        </summary>
        <div id={`${id}-panel`} className="chip-select__panel" onBlur={onBlur}>
          {options.map((option) => (
            <label key={option.value} className="form-field__radio">
              <input
                type="checkbox"
                name={name}
                value={option.value}
                checked={value.includes(option.value)}
                onChange={(event) => set(option.value, event.currentTarget.checked)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </details>
      {hint && (
        <span className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="form-field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </fieldset>
  );
}
