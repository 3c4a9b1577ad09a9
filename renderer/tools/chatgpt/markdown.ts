import createMarkdownIt from 'markdown-it';
import type { MarkdownIt } from 'markdown-it';

/**
 * Answers as HTML, one block at a time. Raw HTML in an answer is written out as text (`html:
 * false`), and markdown-it refuses `javascript:` and other unsafe link targets, so a model (or a
 * prompt injection) cannot put script into the page. KaTeX and highlight.js load the first time
 * an answer has math or code; until then those blocks render as plain code and are drawn again.
 */
type Plugin = (md: MarkdownIt, options?: object) => void;

const MATH = /\$\$|\$[^\s$](?:[^$\n]*[^\s$])?\$(?!\d)|\\\(|\\\[/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/m;

let katex: { engine: unknown; texmath: Plugin } | undefined;
let highlight: ((code: string, language: string) => string) | undefined;
let parser: MarkdownIt | undefined;

/**
 * Blocks' HTML by their Markdown, drawn with the libraries loaded now; `earlier`, drawn before the
 * last library arrived (shown until drawn again). The oldest entries go past DRAWN_MAX.
 */
let drawn = new Map<string, string>();
let earlier = new Map<string, string>();
const DRAWN_MAX = 2000;

/**
 * What one draw may add: Markdown rendering time, and new blocks (the browser's parsing, style and
 * layout of a block cost more than rendering it: 70 short blocks rendered in 8 ms made a 57 ms
 * task). A task stays well under 50 ms on a loaded machine; an answer streaming faster than that
 * is shown over the next frames.
 */
const DRAW_BUDGET_MS = 6;
const DRAW_MAX_BLOCKS = 8;

/** A module-level clock: a draw's budget, not its result, depends on it. */
const clock = () => performance.now();

function build(): MarkdownIt {
  const md = createMarkdownIt({
    html: false,
    linkify: true,
    breaks: true,
    highlight: highlight ? (code, language) => highlight!(code, language) : null,
  });
  if (katex)
    md.use(katex.texmath, {
      engine: katex.engine,
      delimiters: ['dollars', 'brackets'],
      katexOptions: { throwOnError: false, output: 'htmlAndMathml', trust: false, maxExpand: 1000 },
    });
  // Answers' links open beside the chat, never in its place.
  const link = md.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
  md.renderer.rules.link_open = (tokens, index, options, env, self) => {
    tokens[index]!.attrSet('target', '_blank');
    tokens[index]!.attrSet('rel', 'noopener noreferrer nofollow');
    return link(tokens, index, options, env, self);
  };
  return md;
}

/** Whether rendering `text` well needs a library not loaded yet. */
export const needsLibraries = (text: string): boolean => (!katex && MATH.test(text)) || (!highlight && FENCE.test(text));

/** Loads what `text` needs; resolves true when something new was loaded (blocks drawn before should be drawn again). */
export async function loadLibraries(text: string): Promise<boolean> {
  const loads: Promise<void>[] = [];
  if (!katex && MATH.test(text))
    loads.push(
      Promise.all([import('katex'), import('markdown-it-texmath'), import('katex/dist/katex.min.css')]).then(([engine, texmath]) => {
        katex = { engine: engine.default, texmath: texmath.default as Plugin };
      }),
    );
  if (!highlight && FENCE.test(text))
    loads.push(
      import('highlight.js/lib/common').then(({ default: hljs }) => {
        highlight = (code, language) =>
          language && hljs.getLanguage(language) ? hljs.highlight(code, { language, ignoreIllegals: true }).value : '';
      }),
    );
  if (loads.length === 0) return false;
  await Promise.all(loads);
  parser = undefined;
  earlier = drawn;
  drawn = new Map();
  return true;
}

export function renderMarkdown(block: string): string {
  parser ??= build();
  return parser.render(block);
}

export interface Drawing {
  html: string[];
  /** Some blocks are missing or drawn before a library arrived: draw again next frame. */
  behind: boolean;
}

/**
 * The HTML of an answer's blocks, in order. Blocks drawn before come from the cache; new ones are
 * rendered within the draw's budget, then the drawing ends at the first block without HTML. The last
 * block is never cached: while the answer streams it changes with every frame.
 */
export function drawBlocks(blocks: readonly string[]): Drawing {
  const start = clock();
  const html: string[] = [];
  let behind = false;
  let fresh = 0;
  for (const [index, block] of blocks.entries()) {
    const known = drawn.get(block);
    if (known !== undefined) {
      html.push(known);
      continue;
    }
    if (!behind && fresh < DRAW_MAX_BLOCKS && clock() - start < DRAW_BUDGET_MS) {
      fresh += 1;
      const rendered = renderMarkdown(block);
      if (index < blocks.length - 1) {
        if (drawn.size >= DRAWN_MAX) drawn.delete(drawn.keys().next().value!);
        drawn.set(block, rendered);
      }
      html.push(rendered);
      continue;
    }
    behind = true;
    const old = earlier.get(block);
    if (old === undefined) break;
    html.push(old);
  }
  return { html, behind };
}
