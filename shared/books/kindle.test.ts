import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesBlob } from '../file-type/source';
import { BookImportError, readBookMetadata } from './index';

// Real Kindle files made by calibre from a book of our own (fixtures/kf8/README.md).
const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', 'kf8', name)));
const read = (bytes: Uint8Array, name: string) => readBookMetadata(bytesBlob(Uint8Array.from(bytes)), name);

/** A result's format or the BookImportError's code; anything else thrown fails the test. */
async function outcome(bytes: Uint8Array, name: string): Promise<string> {
  try {
    return (await read(bytes, name)).format;
  } catch (error) {
    expect(error).toBeInstanceOf(BookImportError);
    return (error as BookImportError).code;
  }
}

describe('calibre-made Kindle books', () => {
  it.each([
    ['book.azw3', 'azw3', 'image/png'],
    ['book.mobi', 'mobi', 'image/jpeg'],
  ])('%s: title, author, language, description, cover and format', async (name, format, coverMime) => {
    const book = await read(fixture(name), name);
    expect(book).toMatchObject({ format, title: '灯塔看守人', creator: '林海', language: 'zh', description: '一个关于海与灯塔的小故事。' });
    // calibre names the book by a UUID of its own (EXTH 113) when the source has no ISBN.
    expect(book.identifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(book.cover?.mime).toBe(coverMime);
  });

  it('an AZW3 cut anywhere past its record list is truncated, never a book that fails to open later', async () => {
    const azw3 = fixture('book.azw3');
    const listEnd = 78 + new DataView(azw3.buffer).getUint16(76) * 8;
    for (let length = listEnd; length < azw3.length; length += 97) {
      expect(await outcome(azw3.subarray(0, length), 'cut.azw3'), `cut at ${length}`).toBe('truncated');
    }
    // Cut inside the headers: a typed error too, whichever.
    for (let length = 1; length < listEnd; length += 7) {
      expect(['truncated', 'corrupt', 'unsupported'], `cut at ${length}`).toContain(await outcome(azw3.subarray(0, length), 'cut.azw3'));
    }
  });

  it('an AZW3 with garbage after its end, or over its tail, still imports (its records are where the list says)', async () => {
    const azw3 = fixture('book.azw3');
    let seed = 7;
    const noise = (length: number) => Uint8Array.from({ length }, () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff);
    const tailed = new Uint8Array(azw3.length + 4096);
    tailed.set(azw3);
    tailed.set(noise(4096), azw3.length);
    expect(await outcome(tailed, 'tailed.azw3')).toBe('azw3');
    const overwritten = azw3.slice();
    overwritten.set(noise(azw3.length >> 1), azw3.length - (azw3.length >> 1));
    expect(await outcome(overwritten, 'damaged.azw3')).toBe('azw3');
  });
});
