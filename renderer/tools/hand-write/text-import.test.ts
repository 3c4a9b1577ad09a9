import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import iconv from 'iconv-lite';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importText, TEXT_IMPORT_MAX_BYTES } from './text-import';

const POEM = '床前明月光，疑是地上霜。\n举头望明月，低头思故乡。';

/** A minimal .docx as Word writes it: the parts a reader needs, the body in word/document.xml. */
function docx(bodyXml: string): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${bodyXml}</w:body></w:document>`,
    ),
  });
}

describe('importText', () => {
  it('reads GBK, UTF-16 and UTF-8 text alike, CRLF made LF', () => {
    const gbk = new Uint8Array(iconv.encode(POEM.replace(/\n/g, '\r\n').repeat(3), 'gbk'));
    expect(importText('静夜思.txt', gbk)).toEqual({ ok: true, text: POEM.repeat(3) });
    const utf16 = new Uint8Array(iconv.encode(POEM, 'utf16le', { addBOM: true }));
    expect(importText('poem.md', utf16)).toEqual({ ok: true, text: POEM });
    expect(importText('a.TXT', new TextEncoder().encode(`\uFEFF${POEM}`))).toEqual({ ok: true, text: POEM });
  });

  it('reads a .docx body: a line per paragraph, tabs and breaks kept, deleted text left out', () => {
    const body =
      '<w:p><w:r><w:t>床前明月光，</w:t></w:r><w:r><w:t xml:space="preserve">疑是地上霜。</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t>举头</w:t><w:tab/><w:t>望明月，</w:t><w:br/><w:t>低头思故乡。</w:t></w:r><w:del><w:r><w:delText>删掉</w:delText></w:r></w:del></w:p>' +
      '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>表格</w:t></w:r></w:p></w:tc></w:tr></w:tbl><w:p/>';
    expect(importText('诗.docx', docx(body))).toEqual({ ok: true, text: '床前明月光，疑是地上霜。\n举头\t望明月，\n低头思故乡。\n表格' });
  });

  it('refuses what it cannot read with a reason, never throwing', () => {
    expect(importText('a.pdf', new Uint8Array([1]))).toEqual({ ok: false, error: 'wrongType' });
    expect(importText('a.txt', new Uint8Array())).toEqual({ ok: false, error: 'empty' });
    expect(importText('a.txt', new TextEncoder().encode(' \n\t'))).toEqual({ ok: false, error: 'empty' });
    expect(importText('a.txt', new Uint8Array(TEXT_IMPORT_MAX_BYTES + 1))).toEqual({ ok: false, error: 'tooLarge' });
    expect(
      importText(
        'a.txt',
        Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256),
      ),
    ).toEqual({ ok: false, error: 'binary' });
    expect(importText('a.docx', new TextEncoder().encode('not a zip'))).toEqual({ ok: false, error: 'corrupt' });
    const whole = docx('<w:p><w:r><w:t>x</w:t></w:r></w:p>');
    expect(importText('a.docx', whole.subarray(0, whole.length - 30))).toEqual({ ok: false, error: 'corrupt' });
    expect(importText('a.docx', zipSync({ 'other.xml': strToU8('<a/>') }))).toEqual({ ok: false, error: 'corrupt' });
  });
});

const corpus = resolve(process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../../shared/corpus'));
const sample = join(corpus, 'office/python-docx/test.docx');
if (!existsSync(sample)) console.info(`hand-write .docx corpus check skipped: no corpus at ${corpus} (set CORPUS_DIR)`);

describe.skipIf(!existsSync(sample))('importText on a real .docx (python-docx test.docx)', () => {
  it('reads its two paragraphs', () => {
    const result = importText('test.docx', readFileSync(sample));
    expect(result.ok && result.text.split('\n').filter(Boolean)).toEqual(['python-docx was here!', 'python-docx was here too!']);
  });
});
