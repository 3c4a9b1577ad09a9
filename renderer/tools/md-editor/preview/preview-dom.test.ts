import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { PreviewDom } from './preview-dom';
import { renderBlocks } from './render';

const { window } = new JSDOM('<!doctype html><body><div id="host"></div></body>');

describe('incremental preview', () => {
  it('sanitises and replaces only the blocks an edit changed, and renumbers the rest', async () => {
    const host = window.document.getElementById('host')!;
    const sanitized: string[] = [];
    const dom = new PreviewDom(host, (html) => {
      sanitized.push(html);
      return html;
    });
    const paragraphs = Array.from({ length: 500 }, (_, index) => `Paragraph ${index}`);
    dom.update(await renderBlocks(paragraphs.join('\n\n')));
    expect(host.children).toHaveLength(500);
    dom.flush();
    const kept = host.children[400];
    sanitized.length = 0;

    paragraphs.splice(100, 1, 'Paragraph 100 edited', 'A new line\n\nAnd a new paragraph');
    const created = dom.update(await renderBlocks(paragraphs.join('\n\n')));
    expect(sanitized).toEqual([
      '<div><p>Paragraph 100 edited</p>\n</div><div><p>A new line</p>\n</div><div><p>And a new paragraph</p>\n</div>',
    ]);
    expect(created).toHaveLength(3);
    expect(host.children).toHaveLength(502);
    expect(host.children[402]).toBe(kept);
    expect((host.children[402] as HTMLElement).dataset.line).toBe(String(402 * 2));
    // The same DOM as rendering the edited document from scratch.
    const fresh = window.document.createElement('div');
    const freshDom = new PreviewDom(fresh, (html) => html);
    freshDom.update(await renderBlocks(paragraphs.join('\n\n')));
    freshDom.flush();
    expect(host.innerHTML).toBe(fresh.innerHTML);
  });

  it('fills a large document in batches, and a block that breaks out of its wrapper on its own', async () => {
    const host = window.document.createElement('div');
    let calls = 0;
    const dom = new PreviewDom(host, (html) => {
      calls++;
      return html;
    });
    const texts = Array.from({ length: 400 }, (_, index) => `Block ${index}`);
    texts.splice(200, 0, '<div>unclosed');
    const blocks = await renderBlocks(texts.join('\n\n'));
    dom.update(blocks);
    expect(host.textContent).toBe('');
    dom.flush();
    // 11 batches, plus the 40 blocks of the broken batch one by one.
    expect(calls).toBe(11 + 40);
    expect(host.children[200]!.innerHTML).toBe('<div>unclosed\n</div>');
    expect([...host.children].map((child) => child.textContent?.trim())).toEqual(texts.map((text) => text.replace('<div>', '')));
  });
});
