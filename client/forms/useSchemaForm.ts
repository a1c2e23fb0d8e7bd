import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Mode,
  type UseFormReturn,
} from 'react-hook-form';
import { useState } from 'react';
import type { z } from 'zod';

/**
 * A react-hook-form form that validates with a zod schema from contracts/: the same schema the BFF
 * validates the request with, so the browser and the server cannot disagree on a rule.
 * Errors show once a field was left ('onTouched') and then update as the shopper types.
 */
export function useSchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: {
    defaultValues?: DefaultValues<z.input<Schema>>;
    mode?: Mode;
    /** Errors the server found in a post without scripts: shown from the first render (kept once, not re-applied). */
    errors?: FieldErrors<z.input<Schema>> | undefined;
  } = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  const [errors] = useState(options.errors);
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    errors,
    // The resolver's generics are wider than the schema's; the schema fixes both sides.
    resolver: zodResolver(schema as never) as never,
    mode: options.mode ?? 'onTouched',
    defaultValues: options.defaultValues,
  });
}
