/**
 * Generates real .docx files for tests and the benchmark (no committed binaries, no corpus needed):
 * `pages` pages, each starting with a saved page break as Word writes it, a heading every
 * `headingEvery` pages, CJK body text in 宋体, a table on the first page, a header and a footer.
 */
import { strToU8, zipSync } from 'fflate';

export interface FixtureOptions {
  pages: number;
  headingEvery?: number;
  /** Paragraphs of body text per page. */
  paragraphs?: number;
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const run = (text: string, font = '宋体') =>
  `<w:r><w:rPr><w:rFonts w:ascii="${font}" w:eastAsia="${font}" w:hAnsi="${font}"/></w:rPr><w:t xml:space="preserve">${escape(text)}</w:t></w:r>`;

const styledRun = (text: string, font: string, bold: boolean) =>
  `<w:r w:rsidRPr="00C7D8E9"><w:rPr><w:rFonts w:ascii="${font}" w:eastAsia="${font}" w:hAnsi="${font}" w:hint="eastAsia"/>${bold ? '<w:b/><w:bCs/>' : ''}` +
  `<w:color w:val="262626"/><w:sz w:val="21"/><w:szCs w:val="21"/><w:lang w:eastAsia="zh-CN"/></w:rPr><w:t xml:space="preserve">${escape(text)}</w:t></w:r>`;

/** The heading text of page `page` (1-based), when it has one. */
export const fixtureHeading = (page: number) => `第 ${page} 章 标题 Chapter ${page}`;
/** A sentence that appears once, on the last page: proves the whole document was rendered. */
export const FIXTURE_LAST_WORDS = '全文完 THE END';

function documentXml({ pages, headingEvery = 10, paragraphs = 8 }: FixtureOptions): string {
  const body: string[] = [];
  for (let page = 1; page <= pages; page += 1) {
    const pageBreak = page > 1 ? '<w:r><w:lastRenderedPageBreak/></w:r>' : '';
    if ((page - 1) % headingEvery === 0) {
      body.push(`<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr>${pageBreak}${run(fixtureHeading(page), '黑体')}</w:p>`);
    } else {
      body.push(`<w:p>${pageBreak}${run(`第 ${page} 页`)}</w:p>`);
    }
    for (let index = 0; index < paragraphs; index += 1) {
      // Shaped like Word's own output: a run per formatting change, each with its properties and revision ids.
      body.push(
        `<w:p w:rsidR="00A1B2C3" w:rsidRDefault="00D4E5F6"><w:pPr><w:spacing w:after="60" w:line="300" w:lineRule="auto"/><w:ind w:firstLine="420"/></w:pPr>` +
          `${styledRun(`这是第 ${page} 页的第 ${index + 1} 段。`, '宋体', false)}${styledRun('百宝箱', '黑体', true)}` +
          `${styledRun('在你的设备上打开 Word 文档，不上传文件。文字、表格、图片和页眉页脚都在本机排版。', '宋体', false)}` +
          `${styledRun(' Calibri text for widths.', 'Calibri', false)}</w:p>`,
      );
    }
    if (page === 1) {
      const cell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr><w:p>${run(text)}</w:p></w:tc>`;
      body.push(
        `<w:tbl><w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/></w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid><w:tr>${cell('表头一')}${cell('表头二')}</w:tr><w:tr>${cell('单元格 A')}${cell('单元格 B')}</w:tr></w:tbl>`,
      );
    }
  }
  body.push(`<w:p>${run(FIXTURE_LAST_WORDS)}</w:p>`);
  const sectPr =
    '<w:sectPr><w:headerReference w:type="default" r:id="rIdHeader"/><w:footerReference w:type="default" r:id="rIdFooter"/>' +
    '<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr>';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${body.join('')}${sectPr}</w:body></w:document>`;
}

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${W}">
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:rPr><w:sz w:val="21"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style>
</w:styles>`;

const part = (kind: 'hdr' | 'ftr', text: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:${kind} xmlns:w="${W}" xmlns:r="${R}"><w:p>${run(text)}</w:p></w:${kind}>`;

/** Header and footer texts of the fixture. */
export const FIXTURE_HEADER = '百宝箱测试页眉';
export const FIXTURE_FOOTER = '百宝箱测试页脚';

const NUMBERING = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="${W}">
<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="hybridMultilevel"/>
<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="420" w:hanging="420"/></w:pPr></w:lvl>
<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%2)"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="840" w:hanging="420"/></w:pPr></w:lvl>
</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`;

/** The text of numbered item `item` (1-based) of `makeListDocx`. */
export const listItemText = (item: number) => `列表项 item ${item}`;

/**
 * One numbered list of `items` paragraphs, a saved page break before every `perPage`-th, so the
 * list runs over pages and, when long enough, over slices; every fifth item has a lettered sub-item.
 */
export function makeListDocx(items: number, perPage = 10): Uint8Array {
  const body: string[] = [`<w:p>${run('编号列表 Numbered list')}</w:p>`];
  const numbered = (level: number, text: string, pageBreak: boolean) =>
    `<w:p><w:pPr><w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="1"/></w:numPr></w:pPr>` +
    `${pageBreak ? '<w:r><w:lastRenderedPageBreak/></w:r>' : ''}${styledRun(text, '宋体', false)}</w:p>`;
  for (let item = 1; item <= items; item += 1) {
    body.push(numbered(0, listItemText(item), item > 1 && (item - 1) % perPage === 0));
    if (item % 5 === 0) body.push(numbered(1, `子项 sub-item of ${item}`, false));
  }
  body.push(`<w:p>${run(FIXTURE_LAST_WORDS)}</w:p>`);
  const sectPr =
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr>';
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${body.join('')}${sectPr}</w:body></w:document>`;
  return pack(xml, { numbering: true });
}

export function makeDocx(options: FixtureOptions): Uint8Array {
  return pack(documentXml(options), { numbering: false });
}

function pack(document: string, { numbering }: { numbering: boolean }): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
        (numbering
          ? '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>'
          : '') +
        '<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>' +
        '<Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/_rels/document.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
        '<Relationship Id="rIdHeader" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>' +
        '<Relationship Id="rIdFooter" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer1.xml"/>' +
        (numbering
          ? '<Relationship Id="rIdNumbering" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>'
          : '') +
        '</Relationships>',
    ),
    'word/document.xml': strToU8(document),
    'word/styles.xml': strToU8(STYLES),
    'word/header1.xml': strToU8(part('hdr', FIXTURE_HEADER)),
    'word/footer1.xml': strToU8(part('ftr', FIXTURE_FOOTER)),
  };
  if (numbering) files['word/numbering.xml'] = strToU8(NUMBERING);
  return zipSync(files, { level: 6 });
}
