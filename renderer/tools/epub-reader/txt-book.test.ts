import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { isChapterHeading, txtToFb2 } from './txt-book';

describe('TXT as FictionBook', () => {
  it('starts a section at each chapter heading, Chinese or English', () => {
    const xml = txtToFb2('前言的话\n第一章 风起\n正文一\n\n第二章 云涌\n正文二 <b>&\nChapter 3 The End\nlast', '书 & 名');
    expect(xml.match(/<section>/g)).toHaveLength(4);
    expect(xml).toContain('<title><p>第一章 风起</p></title><p>正文一</p>');
    expect(xml).toContain('<p>正文二 &lt;b&gt;&amp;</p>');
    expect(xml).toContain('<book-title>书 &amp; 名</book-title>');
    const errors: string[] = [];
    new DOMParser({ onError: (level, message) => errors.push(`${level}: ${message}`) }).parseFromString(xml, 'text/xml');
    expect(errors).toEqual([]);
  });

  it('does not take prose for a heading', () => {
    expect(isChapterHeading('第十二回 宝玉')).toBe(true);
    expect(isChapterHeading('Chapter XII')).toBe(true);
    expect(isChapterHeading(`第一章${'很长的一句话'.repeat(20)}`)).toBe(false);
    expect(isChapterHeading('chapters of my life were long')).toBe(false);
  });

  it('gives an empty file one empty section, still valid XML', () => {
    expect(txtToFb2('', 'x')).toContain('<body><section><p></p></section></body>');
  });
});
