import { strToU8, zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { bytesBlob } from '../file-type/source';
import { makeCbz, makeEpub, makeFb2, makeMobi, PNG_1X1 } from '../testing/books';
import { BookImportError, readBookMetadata } from './index';
import type { BookErrorCode } from './index';

// A copy: iconv-lite's Buffers are views into a shared pool, whose .buffer bytesBlob would slice.
const read = (bytes: Uint8Array, name = 'book.bin') => readBookMetadata(bytesBlob(Uint8Array.from(bytes)), name);

async function failure(bytes: Uint8Array, name = 'book.bin'): Promise<BookErrorCode> {
  try {
    await read(bytes, name);
  } catch (error) {
    if (error instanceof BookImportError) return error.code;
    throw error;
  }
  throw new Error('expected a BookImportError');
}

describe('EPUB', () => {
  it('reads EPUB 3 metadata, the package’s unique identifier and the cover-image item (a %-escaped href)', async () => {
    const book = await read(makeEpub({ title: 'Tom & Jerry', creators: ['A', 'B'], description: '<p>Some <b>bold</b> text</p>' }));
    expect(book).toMatchObject({
      format: 'epub',
      title: 'Tom & Jerry',
      creator: 'A, B',
      identifier: 'urn:uuid:test-book',
      language: 'en',
      description: 'Some bold text',
    });
    expect(book.cover).toEqual({ bytes: PNG_1X1, mime: 'image/png' });
  });

  it('finds an EPUB 2 cover through <meta name="cover">', async () => {
    const book = await read(makeEpub({ version: 2, title: '三体', language: 'zh-CN' }));
    expect(book).toMatchObject({ title: '三体', language: 'zh-CN' });
    expect(book.cover?.mime).toBe('image/png');
  });

  it('is recognised by content, whatever the name', async () => {
    expect((await read(makeEpub(), 'download.zip')).format).toBe('epub');
  });

  it('refuses Adobe ADEPT and encrypted content as DRM, but accepts font obfuscation', async () => {
    const encryption = (algorithm: string) =>
      `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="${algorithm}"/><enc:CipherData><enc:CipherReference URI="OEBPS/text/ch1.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>`;
    expect(
      await failure(makeEpub({ extra: { 'META-INF/encryption.xml': encryption('http://www.w3.org/2001/04/xmlenc#aes128-cbc') } })),
    ).toBe('drm');
    expect(await failure(makeEpub({ extra: { 'META-INF/rights.xml': '<rights/>' } }))).toBe('drm');
    const fonts = await read(makeEpub({ extra: { 'META-INF/encryption.xml': encryption('http://www.idpf.org/2008/embedding') } }));
    expect(fonts.title).toBe('Test Book');
  });

  it('calls a cut-off EPUB truncated and one with a broken package document corrupt', async () => {
    const epub = makeEpub();
    expect(await failure(epub.subarray(0, epub.length - 30))).toBe('truncated');
    const broken = zipSync({
      mimetype: [strToU8('application/epub+zip'), { level: 0 }],
      'META-INF/container.xml': strToU8('<container><rootfiles><rootfile full-path="content.opf"/></rootfiles></container>'),
    });
    expect(await failure(broken)).toBe('corrupt');
  });

  it('still opens a book whose cover item points at nothing', async () => {
    const book = await read(makeEpub({ cover: strToU8('not a picture') }));
    expect(book.title).toBe('Test Book');
    expect(book.cover).toBeUndefined();
  });
});

describe('MOBI and AZW3', () => {
  it('reads EXTH title, author, ISBN, language and the cover record', async () => {
    const book = await read(makeMobi({ title: '红楼梦', creator: '曹雪芹', language: 'zh' }));
    expect(book).toMatchObject({ format: 'mobi', title: '红楼梦', creator: '曹雪芹', identifier: '9780000000001', language: 'zh' });
    expect(book.cover).toEqual({ bytes: PNG_1X1, mime: 'image/png' });
  });

  it('names a KF8 file (version 8) azw3', async () => {
    expect((await read(makeMobi({ version: 8 }))).format).toBe('azw3');
  });

  it('refuses a file with the PalmDOC encryption flag as DRM-protected', async () => {
    expect(await failure(makeMobi({ encryption: 2 }))).toBe('drm');
    expect(await failure(makeMobi({ encryption: 1 }))).toBe('drm');
  });

  it('calls a MOBI cut inside its records truncated', async () => {
    const mobi = makeMobi();
    expect(await failure(mobi.subarray(0, 200))).toBe('truncated');
    expect(await failure(mobi.subarray(0, 70))).not.toBe('drm');
  });
});

describe('FB2, CBZ and TXT', () => {
  it('reads FB2 metadata and its base64 cover', async () => {
    const book = await read(makeFb2());
    expect(book).toMatchObject({
      format: 'fb2',
      title: 'Test FB2',
      creator: 'Lev Tolstoy',
      language: 'ru',
      identifier: 'fb2-doc-id-1',
      description: 'An annotated book.',
    });
    expect(book.cover?.bytes).toEqual(PNG_1X1);
  });

  it('decodes an FB2 in the encoding its prolog declares (windows-1251)', async () => {
    const book = await read(
      makeFb2({ title: 'Война и мир', encoding: 'windows-1251', bytes: (text) => iconv.encode(text, 'windows-1251') }),
    );
    expect(book.title).toBe('Война и мир');
  });

  it('takes a comic’s first page in natural order as its cover and its file name as title', async () => {
    const book = await read(makeCbz(), 'My Comic.cbz');
    expect(book).toMatchObject({ format: 'cbz', title: 'My Comic', identifier: '' });
    expect(book.cover?.mime).toBe('image/png');
  });

  it.each([
    ['GBK', '第一章 天下大势，分久必合，合久必分。周末七国分争，并入于秦。及秦灭之后，楚、汉分争，又并入于汉。'],
    ['Big5', '第一回 甄士隱夢幻識通靈 賈雨村風塵懷閨秀。此開卷第一回也。作者自云：因曾歷過一番夢幻之後，故將真事隱去。'],
    ['UTF-8', '第一章 天下大势，分久必合，合久必分。'],
  ])('accepts %s text as TXT with its encoding', async (encoding, text) => {
    const book = await read(iconv.encode(text.repeat(20), encoding), '三国演义.txt');
    expect(book).toMatchObject({ format: 'txt', title: '三国演义', encoding });
  });
});

describe('refusals', () => {
  it('names a zero-byte file empty', async () => {
    expect(await failure(new Uint8Array(0), 'a.epub')).toBe('empty');
  });

  it.each([
    ['a picture', PNG_1X1, 'cover.png'],
    ['a zip of documents', zipSync({ 'a.txt': strToU8('hello') }), 'a.zip'],
    [
      'a Word-like zip with a picture inside',
      zipSync({ 'word/document.xml': strToU8('<w:document/>'), 'word/media/image1.png': PNG_1X1 }),
      'a.docx',
    ],
    ['text not named .txt', strToU8('{"a": 1}'), 'data.json'],
    [
      'a PalmDOC that is not MOBI',
      Uint8Array.from({ length: 100 }, (_, i) => (i >= 60 && i < 68 ? 'TEXtREAd'.charCodeAt(i - 60) : 1)),
      'a.pdb',
    ],
  ])('refuses %s as unsupported', async (_, bytes, name) => {
    expect(await failure(bytes, name)).toBe('unsupported');
  });
});

describe('unreadable files', () => {
  it('names a file whose reads fail (moved or deleted after picking) unreadable, not damaged', async () => {
    const gone = {
      size: 1000,
      slice: () => ({ arrayBuffer: () => Promise.reject(Object.assign(new Error('file changed'), { name: 'NotReadableError' })) }),
    };
    const error = await readBookMetadata(gone, 'gone.epub').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BookImportError);
    expect((error as BookImportError).code).toBe('unreadable');
  });
});

describe('fuzz: truncated and garbage input', () => {
  // Every outcome is a result or a BookImportError; a hang fails on the test timeout.
  const settle = async (bytes: Uint8Array, name: string) => {
    try {
      await read(bytes, name);
      return 'ok';
    } catch (error) {
      expect(error).toBeInstanceOf(BookImportError);
      return (error as BookImportError).code;
    }
  };

  it.each([
    ['epub', makeEpub()],
    ['mobi', makeMobi()],
    ['fb2', makeFb2()],
    ['cbz', makeCbz()],
  ])('%s cut at every length settles with a typed error', async (name, bytes) => {
    const step = Math.max(1, Math.floor(bytes.length / 400));
    const codes = new Set<string>();
    for (let length = 0; length < bytes.length; length += step) codes.add(await settle(bytes.subarray(0, length), `book.${name}`));
    expect(codes.has('empty')).toBe(true);
    expect([...codes].every((code) => code !== 'drm')).toBe(true);
  });

  it('random bytes and single-byte damage settle with a typed error', async () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff;
    for (let round = 0; round < 200; round++) {
      await settle(Uint8Array.from({ length: 1 + random() * 8 }, random), 'noise.txt');
    }
    for (const original of [makeEpub(), makeMobi()]) {
      for (let round = 0; round < 150; round++) {
        const damaged = original.slice();
        damaged[((random() << 8) | random()) % damaged.length] = random();
        await settle(damaged, 'damaged.epub');
      }
    }
  });

  it('a MOBI whose headers claim huge sizes neither allocates them nor hangs', async () => {
    const mobi = makeMobi();
    const lying = mobi.slice();
    new DataView(lying.buffer).setUint16(76, 0xffff);
    expect(await settle(lying, 'big.mobi')).toBe('truncated');
  });
});
