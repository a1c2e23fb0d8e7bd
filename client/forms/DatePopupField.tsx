import { Suspense, lazy, useId, useRef, useState } from 'react';
import { useDismissOutside } from './useDismissOutside.js';
import type { DayPickerLocale } from 'react-day-picker';

const CalendarPanel = lazy(() => import('./CalendarPanel.js'));

interface DatePopupFieldProps {
  label: string;
  /** The chosen day as YYYY-MM-DD, or the text typed so far when it is no day yet. */
  value: string;
  /** The day typed or picked, as YYYY-MM-DD, or the typed text when it reads as no day (the form's check refuses it). */
  onChange: (isoDayOrText: string) => void;
  onBlur?: () => void;
  /** Days before this one cannot be chosen. */
  firstDay: Date;
  locale: Partial<DayPickerLocale>;
  /** How the chosen day reads in the field (the market's date format). */
  formatDay: (isoDay: string) => string;
  /** A typed day as YYYY-MM-DD, or undefined (the same reading the BFF gives a date posted without scripts). */
  parseDay: (text: string) => string | undefined;
  labels: { choose: string; calendar: string; close: string; loading: string };
  required?: boolean;
  hint?: string;
  error?: string | undefined;
  name?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDayOf = (day: Date) => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (iso: string) =>
  ISO_DAY.test(iso)
    ? new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)))
    : undefined;

/**
 * A date field with a calendar popup (react-day-picker, loaded on first open): a plain text field where
 * the day can be typed in the market's way (so it works before and without scripts, posted under `name`)
 * and shows the chosen day; the button opens the calendar as a dialog with the focus on the selected day or today;
 * arrow keys move, Enter picks, Escape closes, and the focus returns to the button. Past days (before
 * `firstDay`) are disabled in the calendar, so they cannot be picked.
 */
export function DatePopupField({
  label,
  value,
  onChange,
  onBlur,
  firstDay,
  locale,
  formatDay,
  parseDay,
  labels,
  required,
  hint,
  error,
  name,
}: DatePopupFieldProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    onBlur?.();
    if (returnFocus) button.current?.focus();
  };

  useDismissOutside(open, [popup, button], () => close(false));

  return (
    <div className="form-field date-popup">
      <label className="form-field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="date-popup__row">
        <input
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={ISO_DAY.test(value) ? formatDay(value) : value}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(parseDay(event.currentTarget.value) ?? event.currentTarget.value)}
          onBlur={onBlur}
        />
        <button
          type="button"
          ref={button}
          className="date-popup__toggle"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {labels.choose}
        </button>
      </div>
      {open && (
        <div
          ref={popup}
          className="date-popup__dialog"
          role="dialog"
          aria-label={labels.calendar}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close(true);
            }
          }}
        >
          <Suspense fallback={<p>{labels.loading}</p>}>
            <CalendarPanel
              selected={dayOf(value)}
              disabledBefore={firstDay}
              locale={locale}
              onSelect={(day) => {
                if (!day) return;
                onChange(isoDayOf(day));
                close(true);
              }}
            />
          </Suspense>
          <button type="button" className="date-popup__close" onClick={() => close(true)}>
            {labels.close}
          </button>
        </div>
      )}
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
    </div>
  );
}
