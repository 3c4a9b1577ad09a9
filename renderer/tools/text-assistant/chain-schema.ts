import { z } from 'zod';

/**
 * A chain is an array of step descriptors. Everything that crosses a boundary (localStorage, the
 * worker, a preset) is parsed with these schemas, so a hand-edited or older entry can never put
 * an operation in a state it has no code for.
 */

/** Input is capped by its UTF-8 size: what a user thinks of as "a 20 MB file". */
export const MAX_INPUT_BYTES = 20 * 1024 * 1024;
/** Any intermediate result longer than this (UTF-16 units) stops the chain instead of exhausting memory. */
export const MAX_RESULT_LENGTH = 64 * 1024 * 1024;
export const MAX_STEPS = 50;
const MAX_OPTION_TEXT = 2000;

const text = z.string().max(MAX_OPTION_TEXT);
const base = { id: z.string().min(1).max(64), enabled: z.boolean() };

export const CASE_MODES = ['upper', 'lower', 'title', 'sentence', 'swap', 'camel', 'pascal', 'snake', 'kebab', 'constant'] as const;
export const CHINESE_MODES = ['s2t', 's2tw', 's2twp', 's2hk', 't2s', 'tw2sp', 'hk2s'] as const;
export const SORT_METHODS = ['pinyin', 'natural', 'codepoint', 'length'] as const;
export const EXTRACT_KINDS = ['numbers', 'emails', 'urls', 'mobiles'] as const;

export const stepSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('case'), mode: z.enum(CASE_MODES) }),
  z.object({
    ...base,
    type: z.literal('width'),
    direction: z.enum(['toHalf', 'toFull']),
    alnum: z.boolean(),
    punctuation: z.boolean(),
    space: z.boolean(),
    /** toHalf only: 。、“”《》… have no width pair, so they are mapped to their ASCII look-alikes. */
    cjkPunctuation: z.boolean(),
  }),
  z.object({ ...base, type: z.literal('chinese'), mode: z.enum(CHINESE_MODES) }),
  z.object({ ...base, type: z.literal('trim'), where: z.enum(['both', 'start', 'end']), collapseSpaces: z.boolean() }),
  z.object({ ...base, type: z.literal('removeBlank'), keepSingle: z.boolean() }),
  z.object({ ...base, type: z.literal('dedupe'), ignoreCase: z.boolean(), ignoreSpaces: z.boolean() }),
  z.object({ ...base, type: z.literal('sort'), method: z.enum(SORT_METHODS), descending: z.boolean(), ignoreCase: z.boolean() }),
  z.object({ ...base, type: z.literal('reverse'), what: z.enum(['lines', 'characters']) }),
  z.object({ ...base, type: z.literal('shuffle'), seed: z.string().max(64) }),
  z.object({ ...base, type: z.literal('replace'), find: text, replace: text, regex: z.boolean(), caseSensitive: z.boolean() }),
  z.object({ ...base, type: z.literal('filter'), pattern: text, regex: z.boolean(), caseSensitive: z.boolean(), keep: z.boolean() }),
  z.object({ ...base, type: z.literal('affix'), prefix: text, suffix: text, skipBlank: z.boolean() }),
  z.object({ ...base, type: z.literal('extract'), kind: z.enum(EXTRACT_KINDS), unique: z.boolean() }),
  z.object({ ...base, type: z.literal('join'), separator: text }),
]);

export type Step = z.infer<typeof stepSchema>;
export type StepType = Step['type'];
export type StepOf<T extends StepType> = Extract<Step, { type: T }>;
export type CaseMode = (typeof CASE_MODES)[number];
export type ChineseMode = (typeof CHINESE_MODES)[number];

export const chainSchema = z.array(stepSchema).max(MAX_STEPS);

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
