/** Real third-party Word files (../shared/corpus, or CORPUS_DIR): skipped with a message when absent. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { prepareDocx } from './docx-slices';
import { Word97Error, wordDocumentText } from './word97-text';

const corpus = resolve(process.env.CORPUS_DIR ?? resolve(import.meta.dirname, '../../../../shared/corpus'), 'office');
const present = existsSync(corpus);
if (!present) console.info(`doc-preview corpus tests: skipped, no corpus at ${corpus} (set CORPUS_DIR)`);
const read = (path: string) => new Uint8Array(readFileSync(join(corpus, path)));

describe.skipIf(!present)('doc-preview on the corpus', () => {
  it('reads the text of Word 97-2003 documents (word counts as stored in their properties)', () => {
    const words = (path: string) => wordDocumentText(read(path)).split(/\s+/).filter(Boolean).length;
    expect(words('file-type/fixture.doc')).toBeGreaterThan(913 * 0.9);
    expect(words('file-type/fixture.doc')).toBeLessThan(913 * 1.1);
    expect(wordDocumentText(read('file-type/fixture-2.doc'))).toContain('Template for Preparation of Papers for IEEE');
  });

  it('refuses a docx as a Word 97 file', () => {
    expect(() => wordDocumentText(read('python-docx/test.docx'))).toThrow(Word97Error);
  });

  it('re-packs every real docx into slices that keep every paragraph', () => {
    const files = readdirSync(join(corpus, 'python-docx')).filter((name) => name.endsWith('.docx'));
    expect(files.length).toBeGreaterThan(3);
    for (const name of files) {
      const bytes = read(`python-docx/${name}`);
      const original = strFromU8(unzipSync(bytes)['word/document.xml']!);
      const { slices } = prepareDocx(bytes, { first: 500, rest: 500 });
      const texts = slices.map((slice) => strFromU8(unzipSync(slice)['word/document.xml']!)).join('');
      expect(texts.split('<w:t').length, name).toBe(original.split('<w:t').length);
    }
  });
});
