import { isBoolean, isOneOf } from '@/lib/field-checks';
import { isListOf, isShape, isTagged, isText } from '@/lib/shape-checks';
import type { Checked } from '@/lib/field-checks';

/**
 * A chain is an array of step descriptors. Everything that crosses a boundary (localStorage, the
 * worker, a preset) is parsed with these schemas, so a hand-edited or older entry can never put
 * an operation in a state it has no code for. Plain checks (lib/field-checks), not zod: the chain
 * is restored on the page's first load, where zod classic would add ~28 KB gz.
 */

/** Input is capped by its UTF-8 size: what a user thinks of as "a 20 MB file". */
export const MAX_INPUT_BYTES = 20 * 1024 * 1024;
/** Any intermediate result longer than this (UTF-16 units) stops the chain instead of exhausting memory. */
export const MAX_RESULT_LENGTH = 64 * 1024 * 1024;
export const MAX_STEPS = 50;
const MAX_OPTION_TEXT = 2000;

const text = isText({ max: MAX_OPTION_TEXT });
const base = { id: isText({ min: 1, max: 64 }), enabled: isBoolean };

export const CASE_MODES = ['upper', 'lower', 'title', 'sentence', 'swap', 'camel', 'pascal', 'snake', 'kebab', 'constant'] as const;
export const CHINESE_MODES = ['s2t', 's2tw', 's2twp', 's2hk', 't2s', 'tw2sp', 'hk2s'] as const;
export const SORT_METHODS = ['pinyin', 'natural', 'codepoint', 'length'] as const;
export const EXTRACT_KINDS = ['numbers', 'emails', 'urls', 'mobiles'] as const;

export const stepSchema = isTagged('type', {
  case: isShape({ ...base, type: isOneOf(['case']), mode: isOneOf(CASE_MODES) }),
  width: isShape({
    ...base,
    type: isOneOf(['width']),
    direction: isOneOf(['toHalf', 'toFull']),
    alnum: isBoolean,
    punctuation: isBoolean,
    space: isBoolean,
    /** toHalf only: 。、“”《》… have no width pair, so they are mapped to their ASCII look-alikes. */
    cjkPunctuation: isBoolean,
  }),
  chinese: isShape({ ...base, type: isOneOf(['chinese']), mode: isOneOf(CHINESE_MODES) }),
  trim: isShape({ ...base, type: isOneOf(['trim']), where: isOneOf(['both', 'start', 'end']), collapseSpaces: isBoolean }),
  removeBlank: isShape({ ...base, type: isOneOf(['removeBlank']), keepSingle: isBoolean }),
  dedupe: isShape({ ...base, type: isOneOf(['dedupe']), ignoreCase: isBoolean, ignoreSpaces: isBoolean }),
  sort: isShape({ ...base, type: isOneOf(['sort']), method: isOneOf(SORT_METHODS), descending: isBoolean, ignoreCase: isBoolean }),
  reverse: isShape({ ...base, type: isOneOf(['reverse']), what: isOneOf(['lines', 'characters']) }),
  shuffle: isShape({ ...base, type: isOneOf(['shuffle']), seed: isText({ max: 64 }) }),
  replace: isShape({ ...base, type: isOneOf(['replace']), find: text, replace: text, regex: isBoolean, caseSensitive: isBoolean }),
  filter: isShape({ ...base, type: isOneOf(['filter']), pattern: text, regex: isBoolean, caseSensitive: isBoolean, keep: isBoolean }),
  affix: isShape({ ...base, type: isOneOf(['affix']), prefix: text, suffix: text, skipBlank: isBoolean }),
  extract: isShape({ ...base, type: isOneOf(['extract']), kind: isOneOf(EXTRACT_KINDS), unique: isBoolean }),
  join: isShape({ ...base, type: isOneOf(['join']), separator: text }),
});

export type Step = Checked<typeof stepSchema>;
export type StepType = Step['type'];
export type StepOf<T extends StepType> = Extract<Step, { type: T }>;
export type CaseMode = (typeof CASE_MODES)[number];
export type ChineseMode = (typeof CHINESE_MODES)[number];

export const chainSchema = isListOf(stepSchema, { max: MAX_STEPS });

/** Which part of a chain `chainSchema` refuses, for the worker's error detail. */
export function chainProblem(steps: unknown): string {
  if (!Array.isArray(steps)) return 'not a list of steps';
  const bad = steps.findIndex((step) => !stepSchema.safeParse(step).success);
  return bad >= 0 ? `step ${bad + 1} is not a valid step` : `more than ${MAX_STEPS} steps`;
}

/** Steps in the order the "add step" menu offers them, grouped as the menu shows them. */
export const STEP_GROUPS = {
  convert: ['chinese', 'case', 'width'],
  lines: ['trim', 'removeBlank', 'dedupe', 'sort', 'reverse', 'shuffle', 'filter', 'join'],
  edit: ['replace', 'affix', 'extract'],
} as const satisfies Record<string, readonly StepType[]>;

type Options<T extends StepType> = Omit<StepOf<T>, 'id' | 'enabled' | 'type'>;

const DEFAULTS: { [T in StepType]: Options<T> } = {
  case: { mode: 'upper' },
  width: { direction: 'toHalf', alnum: true, punctuation: true, space: true, cjkPunctuation: false },
  chinese: { mode: 's2t' },
  trim: { where: 'both', collapseSpaces: false },
  removeBlank: { keepSingle: false },
  dedupe: { ignoreCase: false, ignoreSpaces: false },
  sort: { method: 'pinyin', descending: false, ignoreCase: false },
  reverse: { what: 'lines' },
  shuffle: { seed: '' },
  replace: { find: '', replace: '', regex: false, caseSensitive: true },
  filter: { pattern: '', regex: false, caseSensitive: true, keep: true },
  affix: { prefix: '', suffix: '', skipBlank: false },
  extract: { kind: 'numbers', unique: false },
  join: { separator: ', ' },
};

/** A new, enabled step of `type` with its default options; `seed` is used by shuffle steps. */
export function createStep<T extends StepType>(type: T, id: string, seed = id.slice(0, 8)): StepOf<T> {
  const options = type === 'shuffle' ? { seed } : DEFAULTS[type];
  return { id, enabled: true, type, ...options } as StepOf<T>;
}

/** Parses a stored chain, dropping steps that no longer validate rather than the whole chain. */
export function parseStoredChain(value: unknown): Step[] {
  if (!Array.isArray(value)) return [];
  return value
    .flatMap((item) => {
      const parsed = stepSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    })
    .slice(0, MAX_STEPS);
}
