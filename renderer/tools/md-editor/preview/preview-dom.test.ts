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
    const kept = host.children[400];
    sanitized.length = 0;

    paragraphs.splice(100, 1, 'Paragraph 100 edited', 'A new line\n\nAnd a new paragraph');
    const created = dom.update(await renderBlocks(paragraphs.join('\n\n')));
    expect(sanitized).toEqual(['<p>Paragraph 100 edited</p>\n', '<p>A new line</p>\n', '<p>And a new paragraph</p>\n']);
    expect(created).toHaveLength(3);
    expect(host.children).toHaveLength(502);
    expect(host.children[402]).toBe(kept);
    expect((host.children[402] as HTMLElement).dataset.line).toBe(String(402 * 2));
    // The same DOM as rendering the edited document from scratch.
    const fresh = window.document.createElement('div');
    new PreviewDom(fresh, (html) => html).update(await renderBlocks(paragraphs.join('\n\n')));
    expect(host.innerHTML).toBe(fresh.innerHTML);
  });
});
