import type { FieldSchema } from './persisted-settings';

/**
 * Plain field checks for persisted settings, with zod's `safeParse` shape so `persistedSettings`
 * takes them. The shell's stores (settings, favorites) load with the first page, where even
 * `zod/mini` cost ~12 KB gzipped of zod's core for four kinds of field. Checks for ranged numbers,
 * objects and lists, which only tools need, are in ./shape-checks.ts so the shell does not carry them.
 */

/** What a check accepts, like `z.infer`. */
export type Checked<Check> = Check extends FieldSchema<infer Value> ? Value : never;

export const check = <Value>(accepts: (value: unknown) => value is Value): FieldSchema<Value> => ({
  safeParse: (value) => (accepts(value) ? { success: true, data: value } : { success: false }),
});

export const isBoolean: FieldSchema<boolean> = check((value): value is boolean => typeof value === 'boolean');

export const isString: FieldSchema<string> = check((value): value is string => typeof value === 'string');

export const isStringList: FieldSchema<string[]> = check(
  (value): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string'),
);

export function isOneOf<const Values extends readonly (string | number | boolean)[]>(values: Values): FieldSchema<Values[number]> {
  return check((value): value is Values[number] => values.includes(value as Values[number]));
}
