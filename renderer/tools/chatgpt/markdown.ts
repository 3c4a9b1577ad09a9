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
  return true;
}

export function renderMarkdown(block: string): string {
  parser ??= build();
  return parser.render(block);
}
