import { strFromU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FIXTURE_LAST_WORDS, fixtureHeading, makeDocx } from './docx-fixture';
import { DocxError, prepareDocx } from './docx-slices';
import { governingSectPr, headingStyles, planSlices, splitBody } from './docx-split';

const body = (inner: string) => `<?xml version="1.0"?><w:document xmlns:w="w"><w:body>${inner}</w:body></w:document>`;
const documentOf = (slice: Uint8Array) => strFromU8(unzipSync(slice)['word/document.xml']!);

describe('splitBody', () => {
  it('finds top-level blocks, nested elements and the final sectPr', () => {
    const parts = splitBody(
      body(
        '<w:p><w:r><w:t>a</w:t></w:r></w:p><!-- x --><w:tbl><w:tr><w:tc><w:p/></w:tc></w:tr></w:tbl><w:p/><w:sectPr><w:pgSz/></w:sectPr>',
      ),
    );
    expect(parts.blocks).toEqual(['<w:p><w:r><w:t>a</w:t></w:r></w:p>', '<w:tbl><w:tr><w:tc><w:p/></w:tc></w:tr></w:tbl>', '<w:p/>']);
    expect(parts.finalSectPr).toBe('<w:sectPr><w:pgSz/></w:sectPr>');
    expect(parts.tail).toBe('</w:body></w:document>');
  });

  it('refuses a document cut short', () => {
    expect(() => splitBody('<w:document><w:body><w:p><w:r>')).toThrow();
    expect(() => splitBody(body('<w:p><w:r><w:t>a</w:t></w:r>'))).toThrow('cut short');
  });
});

describe('planSlices', () => {
  it('cuts where a new page starts once a slice is big enough', () => {
    const text = '<w:p><w:r><w:t>xxxxxxxxxx</w:t></w:r></w:p>';
    const page = '<w:p><w:r><w:lastRenderedPageBreak/><w:t>p</w:t></w:r></w:p>';
    const blocks = [text, text, page, text, page, text, text, page];
    expect(planSlices(blocks, 60, 60)).toEqual([0, 2, 4, 7]);
  });

  it('cuts anywhere when a document has no page breaks at all', () => {
    const blocks = Array.from({ length: 100 }, () => '<w:p><w:r><w:t>0123456789</w:t></w:r></w:p>');
    const starts = planSlices(blocks, 100, 100);
    expect(starts.length).toBeGreaterThan(5);
    expect(starts[0]).toBe(0);
  });
});

it('a slice gets the sectPr of the section it ends in', () => {
  const parts = splitBody(body('<w:p/><w:p><w:pPr><w:sectPr><w:a/></w:sectPr></w:pPr></w:p><w:p/><w:sectPr><w:b/></w:sectPr>'));
  expect(governingSectPr(parts, 1)).toBe('<w:sectPr><w:a/></w:sectPr>');
  expect(governingSectPr(parts, 3)).toBe('<w:sectPr><w:b/></w:sectPr>');
});

it('heading styles come from the built-in names or an outline level', () => {
  const styles = `<w:styles>
    <w:style w:type="paragraph" w:styleId="1"><w:name w:val="heading 1"/></w:style>
    <w:style w:type="paragraph" w:styleId="Title2"><w:name w:val="My title"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>
    <w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
    <w:style w:type="character" w:styleId="1Char"><w:name w:val="heading 1 Char"/></w:style></w:styles>`;
  expect([...headingStyles(styles)]).toEqual([
    ['1', 1],
    ['Title2', 2],
  ]);
});

describe('prepareDocx', () => {
  it('re-packs a 200-page document as complete slices that together hold every page once', () => {
    const prepared = prepareDocx(makeDocx({ pages: 200 }));
    expect(prepared.slices.length).toBeGreaterThan(10);
    expect(prepared.headings).toEqual([['Heading1', 1]]);
    const xml = prepared.slices.map(documentOf);
    for (const slice of xml) expect(slice).toContain('<w:headerReference');
    const all = xml.join('');
    for (const page of [1, 11, 191]) expect(all.split(fixtureHeading(page)).length - 1).toBe(1);
    expect(all.split(FIXTURE_LAST_WORDS).length - 1).toBe(1);
    // Every later slice starts where a page starts, without the break itself (it would render an empty page).
    for (const slice of xml.slice(1))
      expect(slice).toMatch(/<w:body><w:p>(<w:pPr>.*?<\/w:pPr>)?<w:r><\/w:r><w:r[ >].*?<w:t xml:space="preserve">第 \d+ (页|章)/);
    expect(xml.join('').split('<w:lastRenderedPageBreak/>').length - 1).toBe(199 - (xml.length - 1));
  });

  it('says damaged for a truncated file and not Word for another zip', () => {
    const bytes = makeDocx({ pages: 3 });
    const codeOf = (input: Uint8Array) => {
      try {
        prepareDocx(input);
        return 'opened';
      } catch (error) {
        return error instanceof DocxError ? error.code : String(error);
      }
    };
    expect(codeOf(bytes.subarray(0, bytes.length - 30))).toBe('damaged');
    expect(codeOf(bytes.subarray(0, 200))).toBe('damaged');
    const notWord = unzipSync(bytes);
    delete notWord['word/document.xml'];
    expect(codeOf(zipSync(notWord))).toBe('notWord');
  });
});
