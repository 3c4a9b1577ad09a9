import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CloudListError, MAX_CLOUD_LIST_BOOKS, MAX_CLOUD_LIST_CHARS, readCloudList } from './cloud-list';

// Written for these tests in the shape of real feeds: Calibre's content server (/opds), Standard
// Ebooks' new-releases feed and an OPDS 2 catalogue as Readium describes it.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/cloud/${name}`, import.meta.url), 'utf8');

const codeOf = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    if (error instanceof CloudListError) return error.code;
    return `not a CloudListError: ${String(error)}`;
  }
  return 'no error';
};

describe('plain lists', () => {
  it('keep http(s) lines once, skip blanks and comments, and name books by their decoded last segment', () => {
    const list = readCloudList(fixture('plain-list.txt'));
    expect(list.kind).toBe('plain');
    expect(list.books.map((book) => book.files[0])).toEqual([
      { url: 'https://books.example.org/%E4%B8%89%E4%BD%93.epub', name: '三体.epub', format: 'epub' },
      { url: 'https://mirror.example.net/pub/red-chamber.mobi?dl=1', name: 'red-chamber.mobi', format: 'mobi' },
      { url: 'http://books.example.org/comics/Vol%201.cbz', name: 'Vol 1.cbz', format: 'cbz' },
      // No path: the host names it, and the format is left to the download.
      { url: 'https://books.example.org/', name: 'books.example.org' },
    ]);
    expect(list.books[0]!.title).toBe('三体.epub');
    // ftp, a line of words and an address with a password (the proxy refuses those).
    expect(list.skipped).toBe(3);
  });

  it('read Windows and old Mac line ends, a BOM, and a stray % in a name', () => {
    const list = readCloudList('\uFEFFhttps://a.example/x%E4%B9%A6%ZZ.txt\r\nhttps://a.example/b.fb2.zip\rhttps://a.example/c.azw3');
    expect(list.books.map((book) => [book.files[0]!.name, book.files[0]!.format])).toEqual([
      ['x书%ZZ.txt', 'txt'],
      ['b.fb2.zip', 'fb2'],
      ['c.azw3', 'azw3'],
    ]);
  });

  it('are empty with nothing but comments, and no list without one web address', () => {
    expect(codeOf(() => readCloudList(' \n# only a comment\n\n'))).toBe('empty');
    expect(codeOf(() => readCloudList(''))).toBe('empty');
    expect(codeOf(() => readCloudList('三体\n刘慈欣'))).toBe('notAList');
  });

  it('hold at most 1 000 books: one more is refused, not cut short', () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://books.example.org/${i}.epub`).join('\n');
    expect(readCloudList(urls(MAX_CLOUD_LIST_BOOKS)).books).toHaveLength(MAX_CLOUD_LIST_BOOKS);
    // Duplicates do not count against the cap.
    expect(readCloudList(`${urls(MAX_CLOUD_LIST_BOOKS)}\n${urls(10)}`).books).toHaveLength(MAX_CLOUD_LIST_BOOKS);
    expect(codeOf(() => readCloudList(urls(MAX_CLOUD_LIST_BOOKS + 1)))).toBe('tooLarge');
    expect(codeOf(() => readCloudList('x'.repeat(MAX_CLOUD_LIST_CHARS + 1)))).toBe('tooLarge');
  });
});

describe('OPDS 1 feeds', () => {
  const calibre = 'http://192.168.1.5:8080/opds/navcatalog/4f6e6577?offset=0';

  it('Calibre: books with title, authors, date and id, readable formats best first, links resolved', () => {
    const list = readCloudList(fixture('calibre-acquisition.xml'), calibre);
    expect(list.kind).toBe('opds1');
    expect(list.title).toBe('书库 — 按添加日期');
    expect(list.books).toEqual([
      {
        title: '三体',
        author: '刘慈欣',
        updated: Date.UTC(2026, 10, 20, 9, 30),
        id: 'urn:uuid:6b3f9d0e-5a0c-4d0b-9a34-2f1c0e8a1b11',
        // The PDF is left out (not a format the library reads); the cover is no acquisition.
        files: [
          {
            url: 'http://192.168.1.5:8080/get/epub/3/calibre',
            name: '三体.epub',
            format: 'epub',
            mediaType: 'application/epub+zip',
            size: 1048576,
          },
          {
            url: 'http://192.168.1.5:8080/get/azw3/3/calibre',
            name: '三体.azw3',
            format: 'azw3',
            mediaType: 'application/x-mobi8-ebook',
            size: 2097152,
          },
        ],
      },
      {
        title: '红楼梦',
        author: '曹雪芹, 高鹗',
        updated: Date.UTC(2026, 10, 19, 8),
        id: 'urn:uuid:0c7d1a2b-3e4f-4a5b-8c6d-7e8f9a0b1c22',
        files: [
          expect.objectContaining({ name: '红楼梦.mobi', format: 'mobi', size: 3145728 }),
          expect.objectContaining({ name: '红楼梦.txt', format: 'txt' }),
        ],
      },
      {
        title: 'Мастер и Маргарита',
        author: 'Михаил Булгаков',
        updated: Date.UTC(2026, 10, 18, 7),
        id: 'urn:uuid:9f8e7d6c-5b4a-4938-8271-605f4e3d2c33',
        // The CBZ is for sale (acquisition/buy): not a download.
        files: [expect.objectContaining({ url: 'http://192.168.1.5:8080/get/fb2/1/calibre', format: 'fb2' })],
      },
    ]);
    expect(list.navigation).toEqual([]);
    expect(list.pages).toEqual({
      start: 'http://192.168.1.5:8080/opds',
      up: 'http://192.168.1.5:8080/opds',
      first: 'http://192.168.1.5:8080/opds/navcatalog/4f6e6577?offset=0',
      next: 'http://192.168.1.5:8080/opds/navcatalog/4f6e6577?offset=3',
      last: 'http://192.168.1.5:8080/opds/navcatalog/4f6e6577?offset=6',
    });
  });

  it('Calibre navigation: sub-catalogues to open, relative hrefs resolved against the feed', () => {
    const list = readCloudList(fixture('calibre-navigation.xml'), 'http://192.168.1.5:8080/opds/');
    expect(list.books).toEqual([]);
    expect(list.navigation).toEqual([
      { title: '按添加日期', url: 'http://192.168.1.5:8080/opds/navcatalog/4f6e6577' },
      { title: '作者', url: 'http://192.168.1.5:8080/opds/navcatalog/4e617574686f7273' },
      { title: '标签', url: 'http://192.168.1.5:8080/opds/navcatalog/4e74616773' },
    ]);
  });

  it('Standard Ebooks: open-access EPUBs in feed order, the AZW3 sent as MOBI type read as AZW3, kepub left out', () => {
    const list = readCloudList(fixture('standard-ebooks.xml'), 'https://standardebooks.org/feeds/opds/new-releases');
    const [pride, luXun] = list.books;
    expect(pride!.files.map((file) => [file.name, file.format])).toEqual([
      ['jane-austen_pride-and-prejudice.epub', 'epub'],
      ['jane-austen_pride-and-prejudice_advanced.epub', 'epub'],
      ['jane-austen_pride-and-prejudice.azw3', 'azw3'],
    ]);
    expect(pride!.files[0]!.url).toBe(
      'https://standardebooks.org/ebooks/jane-austen/pride-and-prejudice/downloads/jane-austen_pride-and-prejudice.epub',
    );
    expect(pride).toMatchObject({ title: 'Pride and Prejudice', author: 'Jane Austen', updated: Date.parse('2026-11-19T21:17:48Z') });
    expect(luXun!.author).toBe('Lu Xun');
    expect(list.pages).toEqual({ start: 'https://standardebooks.org/feeds/opds', up: 'https://standardebooks.org/feeds/opds' });
  });

  it('keep only absolute links when pasted without the feed’s URL', () => {
    const list = readCloudList(fixture('calibre-acquisition.xml'));
    expect(list.books).toEqual([]);
    expect(list.pages).toEqual({});
    expect(readCloudList(fixture('standard-ebooks.xml')).pages.start).toBe('https://standardebooks.org/feeds/opds');
  });

  it('are no list when the XML is a web page, and corrupt when it is broken', () => {
    expect(codeOf(() => readCloudList('<!DOCTYPE html><html><body>登录</body></html>', 'https://a.example/'))).toBe('notAList');
    expect(codeOf(() => readCloudList('<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>x</entry></feed>'))).toBe('corrupt');
  });
});

describe('OPDS 2 feeds', () => {
  it('read publications, authors, language-map titles, navigation and paging; borrow and sample are no downloads', () => {
    const list = readCloudList(fixture('opds2.json'), 'https://library.example.org/opds2/new?page=1');
    expect(list.kind).toBe('opds2');
    expect(list.title).toBe('公版书架');
    expect(list.books).toEqual([
      {
        title: '呐喊',
        author: '鲁迅',
        updated: Date.UTC(2026, 10, 20, 10),
        id: 'urn:isbn:9787020024759',
        files: [
          {
            url: 'https://library.example.org/files/%E5%91%90%E5%96%8A.epub',
            name: '呐喊.epub',
            format: 'epub',
            mediaType: 'application/epub+zip',
          },
        ],
      },
      {
        title: 'Moby-Dick',
        author: 'Herman Melville',
        // application/zip says nothing: the .fb2.zip name does.
        files: [
          { url: 'https://cdn.example.org/moby-dick.fb2.zip', name: 'moby-dick.fb2.zip', format: 'fb2', mediaType: 'application/zip' },
        ],
      },
    ]);
    expect(list.navigation).toEqual([{ title: '作者', url: 'https://library.example.org/opds2/authors' }]);
    expect(list.pages).toEqual({ next: 'https://library.example.org/opds2/new?page=2' });
  });

  it('name a file from the title when the link has no book name, without path separators', () => {
    const feed = JSON.stringify({
      publications: [
        {
          metadata: { title: 'AC/DC: 传记' },
          links: [{ rel: 'http://opds-spec.org/acquisition', href: 'https://a.example/get/7', type: 'application/epub+zip' }],
        },
      ],
    });
    expect(readCloudList(feed).books[0]!.files[0]!.name).toBe('AC_DC_ 传记.epub');
  });

  it('are no list when the JSON is something else, and corrupt when it does not parse', () => {
    expect(codeOf(() => readCloudList('{"code": 0, "data": []}'))).toBe('notAList');
    expect(codeOf(() => readCloudList('{"publications": [}'))).toBe('corrupt');
  });
});

describe('bad input', () => {
  it('never throws anything but CloudListError on every truncation of every fixture, and a cut feed is an error', () => {
    const files = ['calibre-acquisition.xml', 'calibre-navigation.xml', 'standard-ebooks.xml', 'opds2.json', 'plain-list.txt'];
    const codes = new Set<string>();
    for (const name of files) {
      const text = fixture(name);
      const whole = text.trimEnd().length;
      for (let end = 0; end < whole; end += 7) {
        const code = codeOf(() => readCloudList(text.slice(0, end), 'https://example.org/opds/'));
        codes.add(code);
        // A feed cut anywhere short of its end is refused, never read as a shorter feed.
        if (!name.endsWith('.txt') && text.slice(0, end).trim()) expect(code, `${name} cut at ${end}`).not.toBe('no error');
      }
    }
    expect([...codes].filter((code) => !['empty', 'notAList', 'corrupt', 'no error'].includes(code))).toEqual([]);
    expect(codes.has('corrupt')).toBe(true);
  });

  it('never throws anything but CloudListError on random garbage', () => {
    let seed = 15;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = [
      '<',
      '>',
      '/',
      '"',
      '=',
      '{',
      '}',
      '[',
      ']',
      ':',
      ',',
      'feed',
      'entry',
      'link',
      'href',
      'http://',
      '\n',
      '#',
      ' ',
      '%',
      '三',
      '&',
      ';',
      '\0',
    ];
    for (let i = 0; i < 1000; i += 1) {
      const garbage = Array.from({ length: Math.floor(random() * 200) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(['empty', 'notAList', 'corrupt', 'no error']).toContain(codeOf(() => readCloudList(garbage, 'https://example.org/')));
    }
  });
});
