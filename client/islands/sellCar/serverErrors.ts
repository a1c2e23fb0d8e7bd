import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** Marks the fields a 400 named (the form's own rules let the values through, the BFF did not) and focuses the first. */
export function markServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  badFields: readonly string[],
  known: readonly string[],
): void {
  const fields = badFields.map((path) => path.split('.')[0]!).filter((field) => known.includes(field)) as Path<T>[];
  fields.forEach((field) => form.setError(field, { type: 'server' }));
  if (fields[0]) form.setFocus(fields[0]);
}

/**
 * handleSubmit's onInvalid: focuses the first field to fix in form order, a checkbox or radio too
 * (react-hook-form's own focus leaves those alone). After the errors render, so it lands last.
 * `failed` sets the form's failed status: a sell-car submit with missing values fails (part 2 §5.2).
 */
export function focusFirstError<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  order: readonly string[],
  failed?: () => void,
) {
  return (errors: FieldErrors<T>) => {
    failed?.();
    const first = order.find((field) => field in errors) as Path<T> | undefined;
    if (first) setTimeout(() => form.setFocus(first), 0);
  };
}
