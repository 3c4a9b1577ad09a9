/** The decimals of a number as written ("0.005" → 3, "1e-7" → 7): what a step leaves on a value. */
export function decimals(value: number): number {
  const text = String(value);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]) + (text.split('e')[0]!.split('.')[1]?.length ?? 0);
  return text.split('.')[1]?.length ?? 0;
}

/** A typed number ("12", "-0.5", "3."), or undefined for anything else, empty text included. */
export function parseTyped(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** Within min…max, rounded to `precision` decimals when one is given. */
export function settle(value: number, { min, max, precision }: { min: number; max: number; precision?: number }): number {
  const clamped = Math.min(max, Math.max(min, value));
  return precision === undefined ? clamped : Number(clamped.toFixed(precision));
}

/** One step up or down from `value`, without the float noise of 0.1 + 0.2, within min…max. */
export function stepped(value: number, step: number, direction: 1 | -1, range: { min: number; max: number; precision?: number }): number {
  const places = range.precision ?? Math.max(decimals(step), decimals(value));
  return settle(Number((value + direction * step).toFixed(places)), range);
}

export interface NumberRange {
  min: number;
  max: number;
  precision?: number;
}

/**
 * What a keystroke in the box passes on: null for an emptied box, a number within range as typed,
 * and nothing (undefined) for a half-typed or out-of-range text, which waits for `settledText`.
 */
export function typedValue(text: string, { min, max }: NumberRange): number | null | undefined {
  if (text.trim() === '') return null;
  const number = parseTyped(text);
  return number !== undefined && number >= min && number <= max ? number : undefined;
}

/** What leaving the box makes of its text: clamped and rounded, or undefined (the old value stays) for text that is no number. */
export function settledText(text: string, range: NumberRange): number | undefined {
  const number = parseTyped(text);
  return number === undefined ? undefined : settle(number, range);
}

/** A value as the box shows it: to `precision` when given, else with as many decimals as the step has (antd shows 4 with step 0.5 as "4.0"). */
export function shownValue(value: number, step: number, precision?: number): string {
  return value.toFixed(precision ?? Math.max(decimals(value), decimals(step)));
}
