import { describe, expect, it } from 'vitest';
import { breakBeforeParagraph } from './docx-split';
import { pageCounterResets, parseCounterRules } from './list-counters';

// As docx-preview 0.4 writes a two-level list (numId 1: "%1." from 1, "%2)" from 3).
const NUMBERING_CSS = `p.docx-num-1-0:before {\r\n  content: "counter(docx-num-1-0, decimal).";\r\n  counter-increment: docx-num-1-0;\r\n}\r\n
p.docx-num-1-0 {\r\n  display: list-item;\r\n  counter-set: docx-num-1-1 2;\r\n}\r\n
p.docx-num-1-1:before {\r\n  counter-increment: docx-num-1-1;\r\n}\r\n
.docx-wrapper {\r\n  counter-reset: docx-num-1-0 0 docx-num-1-1 2;\r\n}\r\n`;

describe('list counters across pages', () => {
  const rules = parseCounterRules(NUMBERING_CSS, '.docx-wrapper');

  it('reads the wrapper reset, the level resets and the markers', () => {
    expect([...rules.initial]).toEqual([
      ['docx-num-1-0', 0],
      ['docx-num-1-1', 2],
    ]);
    expect(rules.sets.get('docx-num-1-0')).toEqual([['docx-num-1-1', 2]]);
    expect(rules.increments.get('docx-num-1-0')).toEqual(['docx-num-1-0']);
    expect(rules.increments.get('docx-num-1-1')).toEqual(['docx-num-1-1']);
  });

  it('starts each page where the list stopped on the page before, in later calls too', () => {
    const item = ['docx_normal', 'docx-num-1-0'];
    const sub = ['docx-num-1-1'];
    const state = new Map<string, number>();
    const first = pageCounterResets(
      [
        [item, item, ['docx_normal']],
        [item, sub, sub],
      ],
      rules,
      state,
    );
    expect(first).toEqual(['docx-num-1-0 0 docx-num-1-1 2', 'docx-num-1-0 2 docx-num-1-1 2']);
    // The next slice's pages go on from the same state: 3 items and two sub-items so far.
    expect(pageCounterResets([[item, sub]], rules, state)).toEqual(['docx-num-1-0 3 docx-num-1-1 4']);
    // The item resets its sub-level to the start, then the sub-item counts from there.
    expect(state.get('docx-num-1-1')).toBe(3);
  });

  it('gives nothing to reset when the document has no numbered lists', () => {
    const none = parseCounterRules('.docx-wrapper { background: gray; }', '.docx-wrapper');
    expect(none.increments.size).toBe(0);
    expect(pageCounterResets([[['docx_normal']]], none, new Map())).toEqual(['']);
  });
});

describe('breakBeforeParagraph', () => {
  it('turns a saved page break before the text into the paragraph starting the page', () => {
    expect(breakBeforeParagraph('<w:p><w:pPr><w:numPr/></w:pPr><w:r><w:lastRenderedPageBreak/><w:t>a</w:t></w:r></w:p>')).toBe(
      '<w:p><w:pPr><w:pageBreakBefore/><w:numPr/></w:pPr><w:r><w:t>a</w:t></w:r></w:p>',
    );
    expect(breakBeforeParagraph('<w:p w:rsidR="1"><w:r><w:br w:type="page"/></w:r><w:r><w:t>a</w:t></w:r></w:p>')).toBe(
      '<w:p w:rsidR="1"><w:pPr><w:pageBreakBefore/></w:pPr><w:r></w:r><w:r><w:t>a</w:t></w:r></w:p>',
    );
    expect(breakBeforeParagraph('<w:p><w:pPr/><w:r><w:lastRenderedPageBreak/><w:t>a</w:t></w:r></w:p>')).toBe(
      '<w:p><w:pPr><w:pageBreakBefore/></w:pPr><w:r><w:t>a</w:t></w:r></w:p>',
    );
  });

  it('leaves breaks after text, tables and paragraphs without breaks alone', () => {
    const mid = '<w:p><w:r><w:t>a</w:t><w:lastRenderedPageBreak/><w:t>b</w:t></w:r></w:p>';
    expect(breakBeforeParagraph(mid)).toBe(mid);
    const table = '<w:tbl><w:tr><w:tc><w:p><w:r><w:lastRenderedPageBreak/><w:t>a</w:t></w:r></w:p></w:tc></w:tr></w:tbl>';
    expect(breakBeforeParagraph(table)).toBe(table);
    expect(breakBeforeParagraph('<w:p><w:r><w:t>a</w:t></w:r></w:p>')).toBe('<w:p><w:r><w:t>a</w:t></w:r></w:p>');
  });
});
