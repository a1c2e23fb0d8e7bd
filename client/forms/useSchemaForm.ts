import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Mode, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form that validates with a zod schema from contracts/: the same schema the BFF
 * validates the request with, so the browser and the server cannot disagree on a rule.
 * Errors show once a field was left ('onTouched') and then update as the shopper types.
 */
export function useSchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: { defaultValues?: DefaultValues<z.input<Schema>>; mode?: Mode } = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    // The resolver's generics are wider than the schema's; the schema fixes both sides.
    resolver: zodResolver(schema as never) as never,
    mode: options.mode ?? 'onTouched',
    defaultValues: options.defaultValues,
  });
}
