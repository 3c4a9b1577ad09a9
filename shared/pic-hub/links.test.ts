import { describe, expect, it } from 'vitest';
import { formatLink, formatLinks } from './links';

const URL_CN = 'https://cdn.jsdmirror.com/gh/me/pics@main/2026/%E6%88%AA%E5%9B%BE.webp';

describe('formatLink', () => {
  it('writes the four formats', () => {
    expect(formatLink('markdown', URL_CN, '截图')).toBe(`![截图](${URL_CN})`);
    expect(formatLink('html', URL_CN, '截图')).toBe(`<img src="${URL_CN}" alt="截图">`);
    expect(formatLink('url', URL_CN, '截图')).toBe(URL_CN);
    expect(formatLink('ubb', URL_CN, '截图')).toBe(`[img]${URL_CN}[/img]`);
  });

  it('escapes what would break out of each format', () => {
    expect(formatLink('html', 'https://x/a.png?a=1&b="2"', '<b onload="x">')).toBe(
      '<img src="https://x/a.png?a=1&amp;b=&quot;2&quot;" alt="&lt;b onload=&quot;x&quot;&gt;">',
    );
    expect(formatLink('markdown', 'https://x/a (1).png', 'a]b\n[c')).toBe('![a\\]b \\[c](https://x/a%20%281%29.png)');
    expect(formatLink('ubb', 'https://x/[x] y.png')).toBe('[img]https://x/%5Bx%5D%20y.png[/img]');
    expect(formatLink('markdown', URL_CN)).toBe(`![](${URL_CN})`);
  });
});

describe('formatLinks', () => {
  it('puts one link a line', () => {
    expect(formatLinks('url', [{ url: 'https://x/1.png' }, { url: 'https://x/2.png' }])).toBe('https://x/1.png\nhttps://x/2.png');
  });
});
