/**
 * The import core over the real-file corpus (../shared/corpus, or CORPUS_DIR): every e-book's
 * title, author and language as the MANIFEST records them; every other file refused with a typed
 * error (text may be taken as TXT, a zip of pictures as a comic); every e-book cut short refused without a crash.
 * Skips with a note when the corpus is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesBlob } from '../file-type/source';
import { BookImportError, readBookMetadata } from './index';

const root = resolve(import.meta.dirname, '../..');
const corpus = resolve(root, process.env.CORPUS_DIR ?? '../shared/corpus');
const manifest = join(corpus, 'MANIFEST.tsv');
const present = existsSync(manifest);
if (!present) console.info(`e-book import corpus tests: skipped, no corpus at ${corpus} (set CORPUS_DIR)`);

interface Row {
  path: string;
  category: string;
  ext: string;
  facts: Record<string, string>;
}

function rows(): Row[] {
  const [header, ...lines] = readFileSync(manifest, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'));
  const column = (name: string) => header!.indexOf(name);
  return lines.map((cells) => ({
    path: cells[column('path')]!,
    category: cells[column('category')]!,
    ext: cells[column('ext')]!,
    facts: Object.fromEntries(
      (cells[column('facts')] ?? '')
        .split(';')
        .map((fact) => fact.split('='))
        .filter((pair) => pair.length === 2),
    ),
  }));
}

const load = (row: Row) => bytesBlob(new Uint8Array(readFileSync(join(corpus, row.path))));

describe.runIf(present)('book import over the real-file corpus', () => {
  const all = present ? rows() : [];
  const books = all.filter((row) => row.category === 'ebook');

  it.each(books.map((row) => [row.path, row] as const))('%s: title, author, language and format', async (_, row) => {
    const book = await readBookMetadata(load(row), basename(row.path));
    expect(book.format).toBe(row.ext);
    expect(book.title).toBe(row.facts.title);
    expect(book.language).toBe(row.facts.language);
    if (row.facts.author) expect(book.creator).toBe(row.facts.author);
    expect(book.identifier).not.toBe('');
  });

  it('reads the covers the books have', async () => {
    const covered = await Promise.all(books.map(async (row) => (await readBookMetadata(load(row), basename(row.path))).cover?.mime));
    expect(covered.filter(Boolean).length).toBeGreaterThanOrEqual(books.length - 2);
  });

  it('refuses every other binary file with a typed error, never as a book', async () => {
    const others = all.filter((row) => row.category !== 'ebook' && !['txt', 'text', 'csv', 'json', 'md'].includes(row.ext));
    const accepted: string[] = [];
    for (const row of others) {
      try {
        const book = await readBookMetadata(load(row), basename(row.path));
        // A zip holding only pictures is a comic by content, whatever it is called.
        if (book.format !== 'txt' && !(book.format === 'cbz' && row.ext === 'zip')) accepted.push(`${row.path} as ${book.format}`);
      } catch (error) {
        expect(error, row.path).toBeInstanceOf(BookImportError);
      }
    }
    expect(accepted).toEqual([]);
  }, 120_000);

  it('refuses every e-book cut short with a typed error', async () => {
    for (const row of books) {
      const bytes = readFileSync(join(corpus, row.path));
      for (const fraction of [0.001, 0.1, 0.5, 0.9, 0.999]) {
        const cut = bytesBlob(new Uint8Array(bytes.subarray(0, Math.floor(bytes.length * fraction))));
        const outcome = await readBookMetadata(cut, basename(row.path)).then(
          () => 'ok',
          (error: unknown) => (error instanceof BookImportError ? error.code : String(error)),
        );
        expect(['truncated', 'corrupt', 'unsupported', 'ok'], `${row.path} at ${fraction}`).toContain(outcome);
      }
    }
  });
});
