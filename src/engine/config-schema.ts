/**
 * Config overrides as a zod schema, for the trace schema (a trace file's `config`): built from
 * the fields config-check.ts validates without zod, so the two cannot drift apart. Pure.
 */
import { z } from 'zod';
import { CONFIG_FIELDS, type ConfigField, type ConfigFields } from './config-check';

function fieldSchema(field: ConfigField): z.ZodType {
  switch (field.kind) {
    case 'enum':
      return z.enum(field.values as [string, ...string[]]);
    case 'int':
      return z.number().int().min(field.min);
    case 'number':
      return z.number().min(field.min).max(field.max);
    case 'boolean':
      return z.boolean();
    case 'object':
      return objectSchema(field.fields);
  }
}

function objectSchema(fields: ConfigFields) {
  return z.object(
    Object.fromEntries(Object.entries(fields).map(([key, f]) => [key, fieldSchema(f).optional()])),
  );
}

/** Config overrides as JSON gives them: every field optional, unknown keys dropped. */
export const configOverridesSchema = objectSchema(CONFIG_FIELDS);
