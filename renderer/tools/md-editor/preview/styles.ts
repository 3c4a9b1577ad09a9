import type { MarkdownFeatures } from './render';

let math: Promise<unknown> | undefined;
let code: Promise<unknown> | undefined;

/** KaTeX's and highlight.js's stylesheets (and KaTeX's fonts) load with the first document that needs them. */
export function loadFeatureStyles(features: MarkdownFeatures): Promise<unknown> {
  if (features.math) math ??= import('katex/dist/katex.min.css');
  if (features.code) code ??= import('highlight.js/styles/github.css');
  return Promise.all([math, code]);
}

/** Every stylesheet the preview uses, as text, for a standalone .html export. */
export async function previewCss(): Promise<string> {
  const sheets = await Promise.all([
    import('./preview.css?inline'),
    import('katex/dist/katex.min.css?inline'),
    import('highlight.js/styles/github.css?inline'),
  ]);
  return sheets.map((sheet) => sheet.default).join('\n');
}
