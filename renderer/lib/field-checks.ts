import type { FieldSchema } from './persisted-settings';

/**
 * Plain field checks for the shell's persisted stores (settings, favorites). They load with the
 * first page, where even `zod/mini` cost ~12 KB gzipped of zod's core for four kinds of field; tools'
 * stores, which load with their page, keep using zod.
 */
const check = <Value>(accepts: (value: unknown) => value is Value): FieldSchema<Value> => ({
  safeParse: (value) => (accepts(value) ? { success: true, data: value } : { success: false }),
});

export const isBoolean: FieldSchema<boolean> = check((value): value is boolean => typeof value === 'boolean');

export const isString: FieldSchema<string> = check((value): value is string => typeof value === 'string');

export const isStringList: FieldSchema<string[]> = check(
  (value): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string'),
);

export function isOneOf<const Values extends readonly string[]>(values: Values): FieldSchema<Values[number]> {
  return check((value): value is Values[number] => typeof value === 'string' && values.includes(value));
}
