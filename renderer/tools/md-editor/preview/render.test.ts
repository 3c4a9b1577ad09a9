import { describe, expect, it } from 'vitest';
import { detectFeatures, MERMAID_CLASS, renderBlocks } from './render';

describe('Markdown render (worker side)', () => {
  it('splits a document into top-level blocks with the source line each starts on', async () => {
    const blocks = await renderBlocks('# Title\n\nFirst paragraph\nstill first.\n\n- a\n- b\n\n| x |\n| - |\n| 1 |\n');
    expect(blocks.map((block) => block.line)).toEqual([0, 2, 5, 8]);
    expect(blocks[0]!.html).toBe('<h1>Title</h1>\n');
    expect(blocks[3]!.html).toContain('<table>');
  });

  it('numbers footnotes across blocks and puts the notes in a last block of their own', async () => {
    const blocks = await renderBlocks('One[^a].\n\nTwo[^b].\n\n[^a]: Note A.\n[^b]: Note B.\n');
    expect(blocks[1]!.html).toContain('[2]');
    const last = blocks.at(-1)!;
    expect(last.line).toBe(-1);
    expect(last.html).toContain('class="footnotes"');
    expect(last.html).toContain('Note B.');
  });

  it('leaves a mermaid fence as its source for the page to draw, escaped', async () => {
    const [block] = await renderBlocks('```mermaid\ngraph TD; A-->B<script>\n```\n');
    expect(block!.html).toBe(`<pre class="${MERMAID_CLASS}">graph TD; A--&gt;B&lt;script&gt;\n</pre>\n`);
  });

  it('renders task lists, inline and display math, and highlights known languages only', async () => {
    const html = (
      await renderBlocks('- [x] done\n\nInline $a^2$ and\n\n$$\\sum_i i$$\n\n```python\nprint(1)\n```\n\n```nosuchlang\nx\n```\n')
    )
      .map((block) => block.html)
      .join('');
    expect(html).toMatch(/<input[^>]*checked[^>]*type="checkbox"/);
    expect(html.match(/class="katex"/g)?.length).toBeGreaterThanOrEqual(1);
    expect(html).toContain('katex-display');
    expect(html).toContain('<span class="hljs-built_in">print</span>');
    expect(html).toContain('<code class="language-nosuchlang">x\n</code>');
  });

  it('detects which heavy libraries a document needs', () => {
    expect(detectFeatures('plain text, $5 and $6')).toEqual({ math: false, code: false, mermaid: false });
    expect(detectFeatures('cost $x$')).toMatchObject({ math: true });
    expect(detectFeatures('\\[x\\]')).toMatchObject({ math: true });
    expect(detectFeatures('~~~\ncode\n~~~')).toEqual({ math: false, code: true, mermaid: false });
    expect(detectFeatures('```mermaid\ngraph TD\n```')).toEqual({ math: false, code: true, mermaid: true });
  });
});
