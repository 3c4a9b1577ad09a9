/**
 * List numbers that run on from page to page. docx-preview numbers lists with CSS counters reset
 * once on the page wrapper; but every page is `content-visibility: auto` (so a long document costs
 * what its visible pages cost), which implies style containment, and style containment scopes
 * counters to each page: every item then showed "1.". So the page replays the counter rules
 * docx-preview wrote, paragraph by paragraph in document order, and gives each page body a
 * `counter-reset` with the values the list has reached where that page starts.
 *
 * Pure: the rules come from the numbering stylesheet's text and the paragraphs as class lists.
 */

export interface CounterRules {
  /** Counters and their values before the first paragraph (the wrapper's counter-reset). */
  readonly initial: ReadonlyMap<string, number>;
  /** Paragraph class → counters it sets (a level resets the level below it). */
  readonly sets: ReadonlyMap<string, readonly (readonly [string, number])[]>;
  /** Paragraph class → counters its marker (::before) increments. */
  readonly increments: ReadonlyMap<string, readonly string[]>;
}

/** "name 3 other -1" → [[name, 3], [other, -1]] (a name without a value means 0, as in CSS). */
function pairs(value: string): [string, number][] {
  const tokens = value.trim().split(/\s+/).filter(Boolean);
  const out: [string, number][] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const next = tokens[index + 1];
    if (next !== undefined && /^-?\d+$/.test(next)) {
      out.push([tokens[index]!, Number(next)]);
      index += 1;
    } else out.push([tokens[index]!, 0]);
  }
  return out;
}

/** Reads the counter rules from docx-preview's stylesheets (`p.<class>` rules; `wrapper` is the root's selector). */
export function parseCounterRules(css: string, wrapperSelector: string): CounterRules {
  const initial = new Map<string, number>();
  const sets = new Map<string, [string, number][]>();
  const increments = new Map<string, string[]>();
  for (const match of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = match[1]!.trim();
    const body = match[2]!;
    const property = (name: string) => new RegExp(`(?:^|[;\\s])${name}\\s*:\\s*([^;]+)`).exec(body)?.[1];
    const reset = property('counter-reset');
    if (reset && selector === wrapperSelector) for (const [name, value] of pairs(reset)) initial.set(name, value);
    const paragraph = /^p\.([\w-]+)(:{1,2}before)?$/.exec(selector);
    if (!paragraph) continue;
    const [, className, before] = paragraph;
    const set = property('counter-set');
    if (set && !before) sets.set(className!, [...(sets.get(className!) ?? []), ...pairs(set)]);
    const increment = property('counter-increment');
    if (increment && before) increments.set(className!, [...(increments.get(className!) ?? []), ...pairs(increment).map(([name]) => name)]);
  }
  return { initial, sets, increments };
}

/**
 * Walks pages of paragraphs (each paragraph as its class list) in order from `state` (changed in
 * place), and returns for each page the `counter-reset` value its body needs ('' when the rules
 * have no counters).
 */
export function pageCounterResets(
  pages: readonly (readonly (readonly string[])[])[],
  rules: CounterRules,
  state: Map<string, number>,
): string[] {
  if (state.size === 0) for (const [name, value] of rules.initial) state.set(name, value);
  return pages.map((paragraphs) => {
    const reset = [...state].map(([name, value]) => `${name} ${value}`).join(' ');
    for (const classes of paragraphs) {
      for (const className of classes) for (const [name, value] of rules.sets.get(className) ?? []) state.set(name, value);
      for (const className of classes)
        for (const name of rules.increments.get(className) ?? []) state.set(name, (state.get(name) ?? 0) + 1);
    }
    return reset;
  });
}
