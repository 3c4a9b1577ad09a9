import createMarkdownIt from 'markdown-it';
import type { MarkdownIt, Token } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import taskLists from 'markdown-it-task-lists';

/**
 * Markdown → HTML, without a DOM (it runs in the preview worker). The output is NOT safe: raw HTML
 * in a document passes through as written, and the page sanitises it (sanitize.ts) before showing.
 */

/** One top-level block of the document: the unit the preview replaces when it changes. */
export interface RenderedBlock {
  html: string;
  /** 0-based source line the block starts on, for scroll sync; -1 for generated blocks (footnotes). */
  line: number;
}

/** What a document uses that needs a heavy library, so that library loads only then. */
export interface MarkdownFeatures {
  math: boolean;
  code: boolean;
  mermaid: boolean;
}

// Over-detecting only costs a library load; missing a feature would show raw TeX or plain code.
const MATH = /\$\$|\$[^\s$](?:[^$\n]*[^\s$])?\$(?!\d)|\\\(|\\\[/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/m;
const MERMAID = /^ {0,3}(`{3,}|~{3,})\s*mermaid\b/m;

export function detectFeatures(markdown: string): MarkdownFeatures {
  return { math: MATH.test(markdown), code: FENCE.test(markdown), mermaid: MERMAID.test(markdown) };
}

type Plugin = (md: MarkdownIt, options?: object) => void;
type Highlighter = (code: string, language: string) => string | undefined;

/** The element the page turns into a diagram (lazily loaded mermaid); its text is the diagram source. */
export const MERMAID_CLASS = 'md-mermaid';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function createParser(katex: unknown, texmath: Plugin | undefined, highlight: Highlighter | undefined): MarkdownIt {
  const md = createMarkdownIt({
    html: true,
    linkify: true,
    highlight: highlight ? (code, language) => highlight(code, language) ?? '' : null,
  });
  md.use(footnote).use(taskLists, { label: true });
  if (katex && texmath) {
    md.use(texmath as Plugin, {
      engine: katex,
      delimiters: ['dollars', 'brackets'],
      katexOptions: { throwOnError: false, output: 'htmlAndMathml', trust: false, maxExpand: 1000 },
    });
  }
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    if (token.info.trim().split(/\s+/)[0] === 'mermaid') return `<pre class="${MERMAID_CLASS}">${escapeHtml(token.content)}</pre>\n`;
    return fence(tokens, index, options, env, self);
  };
  return md;
}

interface Loaded {
  katex?: unknown;
  texmath?: Plugin;
  highlight?: Highlighter;
}

const loaded: Loaded = {};
const parsers = new Map<string, MarkdownIt>();

async function load(features: MarkdownFeatures): Promise<void> {
  if (features.math && !loaded.katex) {
    const [katex, texmath] = await Promise.all([import('katex'), import('markdown-it-texmath')]);
    loaded.texmath = texmath.default as Plugin;
    loaded.katex = katex.default;
  }
  if (features.code && !loaded.highlight) {
    const hljs = (await import('highlight.js/lib/common')).default;
    loaded.highlight = (code, language) =>
      language && hljs.getLanguage(language) ? hljs.highlight(code, { language, ignoreIllegals: true }).value : undefined;
  }
}

async function parserFor(markdown: string): Promise<MarkdownIt> {
  const features = detectFeatures(markdown);
  await load(features);
  // Once a library is loaded every later parse uses it: a document that loses its last formula
  // renders the same, and there are at most four parsers.
  const key = `${Boolean(loaded.katex)}${Boolean(loaded.highlight)}`;
  let parser = parsers.get(key);
  if (!parser) {
    parser = createParser(loaded.katex, loaded.texmath, loaded.highlight);
    parsers.set(key, parser);
  }
  return parser;
}

/** Splits the token stream at depth 0: each list, table, paragraph… becomes one block. */
function topLevelGroups(tokens: Token[]): Token[][] {
  const groups: Token[][] = [];
  let current: Token[] = [];
  let depth = 0;
  for (const token of tokens) {
    current.push(token);
    depth += token.nesting;
    if (depth === 0) {
      groups.push(current);
      current = [];
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** Renders a document as its top-level blocks, so the page can replace only those that changed. */
export async function renderBlocks(markdown: string): Promise<RenderedBlock[]> {
  const md = await parserFor(markdown);
  const env = {};
  const tokens = md.parse(markdown, env);
  return topLevelGroups(tokens).map((group) => ({
    html: md.renderer.render(group, md.options, env),
    line: group[0]?.map?.[0] ?? -1,
  }));
}

/** The whole document as one HTML string (export). */
export async function renderHtml(markdown: string): Promise<string> {
  return (await renderBlocks(markdown)).map((block) => block.html).join('');
}
