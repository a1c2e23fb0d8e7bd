import {
  useEffect,
  useId,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/**
 * The form kit's fields: each renders its label, optional hint and error (an already translated
 * text) and wires them to the control with htmlFor, aria-describedby and aria-invalid. They take the
 * spread of react-hook-form's `register(name)` plus native attributes, so the form owns the values.
 */
interface FieldChrome {
  label: ReactNode;
  /** A translated error text; shown and announced when set. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Marks the label with an asterisk (the control gets aria-required). */
  required?: boolean;
  className?: string;
}

function describedBy(id: string, hint: unknown, error: unknown, extra?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : '', extra ?? ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean | undefined }) {
  return (
    <label className="form-field__label" htmlFor={htmlFor}>
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );
}

function HintAndError({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
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
    </>
  );
}

type TextFieldProps = FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { ref?: Ref<HTMLInputElement> };

export function TextField({ label, error, hint, required, className, id: givenId, ...input }: TextFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={`form-field ${className ?? ''}`.trim()}>
      <Label htmlFor={id} label={label} required={required} />
      <input
        {...input}
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

type TextAreaFieldProps = FieldChrome &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & {
    ref?: Ref<HTMLTextAreaElement>;
    /** Characters typed so far: with maxLength, shows an `n/max` counter that screen readers can read. */
    count?: number;
  };

export function TextAreaField({
  label,
  error,
  hint,
  required,
  className,
  count,
  id: givenId,
  ...textarea
}: TextAreaFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const showCounter = count !== undefined && textarea.maxLength !== undefined;
  return (
    <div className={`form-field ${className ?? ''}`.trim()}>
      <Label htmlFor={id} label={label} required={required} />
      <textarea
        {...textarea}
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, showCounter ? `${id}-count` : undefined)}
      />
      {showCounter && (
        <span className="form-field__counter" id={`${id}-count`}>
          {count}/{textarea.maxLength}
        </span>
      )}
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

type SelectFieldProps = FieldChrome &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & {
    ref?: Ref<HTMLSelectElement>;
    options: readonly { value: string; label: string }[];
    /** A first, empty choice (e.g. 'Välj …'). */
    placeholder?: string;
  };

export function SelectField({
  label,
  error,
  hint,
  required,
  className,
  options,
  placeholder,
  id: givenId,
  ...select
}: SelectFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={`form-field ${className ?? ''}`.trim()}>
      <Label htmlFor={id} label={label} required={required} />
      <select
        {...select}
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

type CheckboxFieldProps = FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> & { ref?: Ref<HTMLInputElement> };

export function CheckboxField({ label, error, hint, required, className, id: givenId, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={`form-field form-field--checkbox ${className ?? ''}`.trim()}>
      <input
        {...input}
        type="checkbox"
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <Label htmlFor={id} label={label} required={required} />
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

type RadioGroupFieldProps = FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> & {
    ref?: Ref<HTMLInputElement>;
    options: readonly { value: string; label: string }[];
    /** The choice ticked in the first render (a value posted without scripts, shown again). */
    checkedValue?: string;
  };

/** A fieldset whose legend is the label; every radio gets the same registration (react-hook-form groups them by name). */
export function RadioGroupField({
  label,
  error,
  hint,
  required,
  className,
  options,
  checkedValue,
  id: givenId,
  ...input
}: RadioGroupFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <fieldset
      className={`form-field form-field--radios ${className ?? ''}`.trim()}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint, error)}
    >
      <legend className="form-field__label">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      {options.map((option, i) => (
        <label key={option.value} className="form-field__radio">
          <input
            {...input}
            type="radio"
            value={option.value}
            defaultChecked={checkedValue === option.value || undefined}
            id={`${id}-${i}`}
            aria-required={required || undefined}
          />
          {option.label}
        </label>
      ))}
      <HintAndError id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/**
 * A form's outcome (sent, failed): it takes the focus when it appears, so keyboard and screen-reader
 * users land on it (not with `focus` false: the form sends focus to a field to fix); role alert for
 * a failure, status for a success.
 */
export function FormAlert({
  kind,
  focus = true,
  reveal = false,
  children,
}: {
  kind: 'success' | 'error';
  focus?: boolean;
  /** Without the focus: scrolled into view when it appears (the focus goes to a field next to it). */
  reveal?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
    else if (reveal) ref.current?.scrollIntoView({ block: 'nearest' });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- focus once, when it appears
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`form-alert form-alert--${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}
