// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createPostRenderer } from './board.service';

const render = createPostRenderer(window);

describe('the board’s Markdown subset', () => {
  it('renders emphasis, code, lists, quotes and links', () => {
    expect(render('**bold** _it_ ~~gone~~ `x`')).toBe('<p><strong>bold</strong> <em>it</em> <s>gone</s> <code>x</code></p>\n');
    expect(render('- one\n- two')).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(render('> said')).toContain('<blockquote>');
    expect(render('[site](https://example.com)')).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow ugc">site</a></p>\n',
    );
  });

  it('shows HTML and script as text, and drops javascript: links, pictures and headings', () => {
    const html = render('<img src=x onerror="alert(1)"><script>alert(2)</script>');
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(render('[x](javascript:alert(1))')).not.toContain('href="javascript');
    expect(render('![pic](https://example.com/a.png)')).not.toContain('<img');
    expect(render('# title')).not.toContain('<h1');
  });
});
