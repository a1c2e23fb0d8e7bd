import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** Marks the fields a 400 named (the form's own rules let the values through, the BFF did not) and focuses the first. */
export function markServerErrors<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, badFields: readonly string[], known: readonly string[]): void {
  const fields = badFields.map((path) => path.split('.')[0]!).filter((field) => known.includes(field)) as Path<T>[];
  fields.forEach((field) => form.setError(field, { type: 'server' }));
  if (fields[0]) form.setFocus(fields[0]);
}
