import type { FieldSchema } from './persisted-settings';
import { check } from './field-checks';
import type { Checked } from './field-checks';

/**
 * Checks for tools' stored settings and other small JSON shapes (ranged numbers, patterned texts,
 * objects, tagged unions, lists) in place of zod: classic zod costs ~28 KB gzipped on the first load
 * of each tool page that imports it, `zod/mini` still ~12 KB, for what a few lines do here. Data that
 * crosses a worker, IPC or HTTP boundary keeps zod (shared/contracts). renderer/tools/zod-free.test.ts
 * fails when a tool page's static imports reach zod again.
 */
type Result<Value> = { success: true; data: Value } | { success: false };

const FAIL = { success: false } as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Any value at all (a preset's settings, checked later by its own tool). */
export const isAnything: FieldSchema<unknown> = { safeParse: (value) => ({ success: true, data: value }) };

/** A finite number (never NaN or Infinity), within the given bounds. */
export function isNumber(rules: { min?: number; max?: number; integer?: boolean; positive?: boolean } = {}): FieldSchema<number> {
  const { min = -Infinity, max = Infinity, integer = false, positive = false } = rules;
  return check(
    (value): value is number =>
      typeof value === 'number' &&
      Number.isFinite(value) &&
      value >= min &&
      value <= max &&
      (!integer || Number.isInteger(value)) &&
      (!positive || value > 0),
  );
}

/** A string of at most `max` (and at least `min`) UTF-16 units, matching `pattern` when given. */
export function isText(rules: { min?: number; max?: number; pattern?: RegExp } = {}): FieldSchema<string> {
  const { min = 0, max = Infinity, pattern } = rules;
  return check(
    (value): value is string =>
      typeof value === 'string' && value.length >= min && value.length <= max && (!pattern || pattern.test(value)),
  );
}

/** `#rrggbb`, as the colour pickers write it. */
export const isHexColour = isText({ pattern: /^#[0-9a-fA-F]{6}$/ });

export function isNullable<Value>(inner: FieldSchema<Value>): FieldSchema<Value | null> {
  return { safeParse: (value) => (value === null ? { success: true, data: null } : inner.safeParse(value)) };
}

type Shape = Record<string, FieldSchema<unknown>>;
type ShapeOf<Fields extends Shape> = { [Key in keyof Fields]: Checked<Fields[Key]> };

/**
 * An object whose every field passes its check; the result holds only those fields (unknown keys
 * are dropped, as zod does), or, with `strict`, an unknown key fails the whole object.
 */
export function isShape<const Fields extends Shape>(fields: Fields, options: { strict?: boolean } = {}): FieldSchema<ShapeOf<Fields>> {
  const keys = Object.keys(fields);
  return {
    safeParse(value): Result<ShapeOf<Fields>> {
      if (!isRecord(value)) return FAIL;
      if (options.strict && Object.keys(value).some((key) => !Object.hasOwn(fields, key))) return FAIL;
      const data: Record<string, unknown> = {};
      for (const key of keys) {
        const parsed = fields[key]!.safeParse(Object.hasOwn(value, key) ? value[key] : undefined);
        if (!parsed.success) return FAIL;
        data[key] = parsed.data;
      }
      return { success: true, data: data as ShapeOf<Fields> };
    },
  };
}

/** One of several object shapes, told apart by the value of `key` (zod's discriminated union). */
export function isTagged<const Cases extends Record<string, FieldSchema<object>>>(
  key: string,
  cases: Cases,
): FieldSchema<Checked<Cases[keyof Cases]>> {
  return {
    safeParse(value) {
      const tag = isRecord(value) ? value[key] : undefined;
      if (typeof tag !== 'string' || !Object.hasOwn(cases, tag)) return FAIL;
      return cases[tag]!.safeParse(value) as Result<Checked<Cases[keyof Cases]>>;
    },
  };
}

/** An array of at most `max` (and at least `min`) items, each passing `item`. */
export function isListOf<Value>(item: FieldSchema<Value>, rules: { min?: number; max?: number } = {}): FieldSchema<Value[]> {
  const { min = 0, max = Infinity } = rules;
  return {
    safeParse(value) {
      if (!Array.isArray(value) || value.length < min || value.length > max) return FAIL;
      const data: Value[] = [];
      for (const entry of value) {
        const parsed = item.safeParse(entry);
        if (!parsed.success) return FAIL;
        data.push(parsed.data);
      }
      return { success: true, data };
    },
  };
}

/** A check with a rule across fields on top (zod's `refine`). */
export function isRefined<Value>(inner: FieldSchema<Value>, rule: (value: Value) => boolean): FieldSchema<Value> {
  return {
    safeParse(value) {
      const parsed = inner.safeParse(value);
      return parsed.success && rule(parsed.data) ? parsed : FAIL;
    },
  };
}

/** A check whose accepted value is then reshaped (zod's `transform`); `reshape` returning undefined fails it. */
export function isMapped<From, To>(inner: FieldSchema<From>, reshape: (value: From) => To | undefined): FieldSchema<To> {
  return {
    safeParse(value) {
      const parsed = inner.safeParse(value);
      if (!parsed.success) return FAIL;
      const data = reshape(parsed.data);
      return data === undefined ? FAIL : { success: true, data };
    },
  };
}
