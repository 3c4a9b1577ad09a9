import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WebdavError } from '../contracts/webdav';
import {
  basicAuthorization,
  checkMultistatus,
  MAX_LISTING_ENTRIES,
  normalizePath,
  parseMultistatus,
  statusError,
  targetUrl,
} from './webdav-multistatus';

// Answers captured from the real servers (PROPFIND Depth 1 with PROPFIND_BODY) over one folder:
// 三体.epub (14 bytes), Moby Dick.epub (4 bytes) and the folder 书架, all dated 2026-11-20 10:00 UTC.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/webdav/${name}-depth1.xml`, import.meta.url), 'utf8');
const MODIFIED = Date.UTC(2026, 10, 20, 10);

const codeOf = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    if (error instanceof WebdavError) return error.code;
    return `not a WebdavError: ${String(error)}`;
  }
  return 'no error';
};

describe('parseMultistatus on real servers', () => {
  it.each([
    ['nginx', 'http://127.0.0.1:4391/dav/', '/dav'],
    ['apache', 'http://127.0.0.1:4392/dav/', '/dav'],
    ['rclone', 'http://127.0.0.1:4393/', ''],
    ['webdav-server', 'http://127.0.0.1:4394/dav/', '/dav'],
  ])('%s: the folder left out, folders first, Chinese names decoded', (server, url, root) => {
    const items = parseMultistatus(fixture(server), url);
    expect(items.map(({ path, name, kind }) => ({ path, name, kind }))).toEqual([
      { path: `${root}/书架`, name: '书架', kind: 'folder' },
      { path: `${root}/三体.epub`, name: '三体.epub', kind: 'file' },
      { path: `${root}/Moby Dick.epub`, name: 'Moby Dick.epub', kind: 'file' },
    ]);
    const book = items.find((item) => item.name === '三体.epub')!;
    expect(book.size).toBe(14);
    expect(book.modified).toBe(MODIFIED);
    expect(items[0]!.size).toBe(0);
  });

  // Names sort as a Chinese reader expects (zh-Hans collation: Chinese before Latin, numbers by value).
  it('keeps the ETag as sent, and has none where nginx sends none', () => {
    expect(parseMultistatus(fixture('apache'), 'http://127.0.0.1:4392/dav/')[1]!.etag).toBe('"e-660b24ea2c800"');
    expect(parseMultistatus(fixture('rclone'), 'http://127.0.0.1:4393/')[1]!.etag).toBe('"18e9b8832bdd4000e"');
    for (const item of parseMultistatus(fixture('nginx'), 'http://127.0.0.1:4391/dav/')) expect(item.etag).toBeUndefined();
  });

  it('reads content types where sent, and takes nothing from a 404 propstat', () => {
    expect(parseMultistatus(fixture('rclone'), 'http://127.0.0.1:4393/')[1]!.contentType).toBe('application/epub+zip');
    // Apache lists displayname and getcontenttype under 404: the name comes from the href.
    const apache = parseMultistatus(fixture('apache'), 'http://127.0.0.1:4392/dav/');
    expect(apache[1]).toEqual({
      path: '/dav/三体.epub',
      name: '三体.epub',
      kind: 'file',
      size: 14,
      modified: MODIFIED,
      etag: '"e-660b24ea2c800"',
    });
  });

  it('leaves the folder out whether it was asked for with or without a trailing slash or escapes', () => {
    expect(parseMultistatus(fixture('nginx'), 'http://127.0.0.1:4391/dav')).toHaveLength(3);
    const sub = fixture('nginx').replace('<D:href>/dav/</D:href>', '<D:href>/dav/%E4%B9%A6%E6%9E%B6</D:href>');
    expect(parseMultistatus(sub, 'http://127.0.0.1:4391/dav/书架/').map((item) => item.name)).toEqual(['三体.epub', 'Moby Dick.epub']);
  });
});

const multistatus = (responses: string, prefix = 'd') => {
  const p = prefix ? `${prefix}:` : '';
  const ns = prefix ? `xmlns:${prefix}="DAV:"` : 'xmlns="DAV:"';
  return `<?xml version="1.0"?><${p}multistatus ${ns}>${responses.replaceAll('P:', p)}</${p}multistatus>`;
};
const response = (href: string, props: string, status = 'HTTP/1.1 200 OK') =>
  `<P:response><P:href>${href}</P:href><P:propstat><P:prop>${props}</P:prop><P:status>${status}</P:status></P:propstat></P:response>`;

describe('parseMultistatus on spellings no captured server uses', () => {
  it.each(['d', 'ns1', ''])('reads the prefix %j (none: the default namespace)', (prefix) => {
    const xml = multistatus(
      response('/books/', '<P:resourcetype><P:collection/></P:resourcetype>') +
        response('/books/%E7%BA%A2.epub', '<P:getcontentlength>9</P:getcontentlength><P:getetag>W/"x"</P:getetag>'),
      prefix,
    );
    expect(parseMultistatus(xml, 'https://dav.example.com/books/')).toEqual([
      { path: '/books/红.epub', name: '红.epub', kind: 'file', size: 9, etag: 'W/"x"' },
    ]);
  });

  it('resolves relative hrefs and absolute ones on another host by their path, keeps unescaped UTF-8 and stray %', () => {
    const xml = multistatus(
      response('a b.epub', '') + response('https://proxy.internal/books/c.epub', '') + response('/books/三体 100%.epub', ''),
    );
    expect(parseMultistatus(xml, 'https://dav.example.com/books/').map((item) => item.path)).toEqual([
      '/books/三体 100%.epub',
      '/books/a b.epub',
      '/books/c.epub',
    ]);
  });

  it('treats httpd/unix-directory as a folder, skips responses with only a failed status, ignores a bad date', () => {
    const xml = multistatus(
      response('/b/old/', '<P:getcontenttype>httpd/unix-directory</P:getcontenttype>') +
        `<d:response><d:href>/b/gone.epub</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>` +
        response('/b/x.epub', '<P:getlastmodified>yesterday-ish</P:getlastmodified>'),
    );
    expect(parseMultistatus(xml, 'http://h/b/')).toEqual([
      { path: '/b/old', name: 'old', kind: 'folder', size: 0 },
      { path: '/b/x.epub', name: 'x.epub', kind: 'file', size: 0 },
    ]);
  });

  it(`refuses a folder of more than ${MAX_LISTING_ENTRIES} members rather than showing it cut short`, () => {
    const many = Array.from({ length: MAX_LISTING_ENTRIES + 2 }, (_, i) => response(`/b/${i}.epub`, '')).join('');
    expect(codeOf(() => parseMultistatus(multistatus(many), 'http://h/b/'))).toBe('tooLarge');
    const enough = Array.from({ length: MAX_LISTING_ENTRIES + 1 }, (_, i) => response(i ? `/b/${i}.epub` : '/b/', '')).join('');
    expect(parseMultistatus(multistatus(enough), 'http://h/b/')).toHaveLength(MAX_LISTING_ENTRIES);
  });
});

describe('parseMultistatus on what is not a listing', () => {
  it.each([
    ['an HTML page', '<!doctype html><html><body><h1>Index of /</h1></body></html>', 'notWebdav'],
    ['JSON', '{"files": []}', 'notWebdav'],
    ['nothing', '', 'notWebdav'],
    ['XML of another kind', '<?xml version="1.0"?><error>nope</error>', 'notWebdav'],
  ])('%s → %s', (_name, body, code) => {
    expect(codeOf(() => parseMultistatus(body, 'http://h/'))).toBe(code);
  });

  it('a Depth 0 answer without any response is no WebDAV folder', () => {
    expect(codeOf(() => checkMultistatus(multistatus(''), 'http://h/'))).toBe('notWebdav');
    expect(codeOf(() => checkMultistatus(fixture('nginx'), 'http://127.0.0.1:4391/dav/'))).toBe('no error');
  });

  it('never throws anything but WebdavError, never hangs, on every truncation and on garbage', () => {
    const codes = new Set<string>();
    for (const server of ['nginx', 'apache', 'rclone', 'webdav-server']) {
      const xml = fixture(server);
      for (let end = 0; end < xml.length; end += 7) {
        const code = codeOf(() => parseMultistatus(xml.slice(0, end), 'http://127.0.0.1/dav/'));
        codes.add(code);
      }
    }
    // A cut listing is an error, except where the cut falls after the last tag's '>' is gone only.
    expect([...codes].filter((code) => !['failed', 'notWebdav', 'no error'].includes(code))).toEqual([]);
    expect(codes.has('failed')).toBe(true);
    let seed = 15;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = '<>/:="\' DAVmultistatusresponsehref&;#%\u0000\uffff三';
    for (let round = 0; round < 500; round += 1) {
      const garbage = Array.from({ length: Math.floor(random() * 200) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(['failed', 'notWebdav', 'no error']).toContain(codeOf(() => parseMultistatus(garbage, 'http://h/')));
    }
  });
});

describe('request helpers', () => {
  it('encodes Basic credentials as UTF-8', () => {
    expect(basicAuthorization('读者', '书架:1')).toBe(`Basic ${Buffer.from('读者:书架:1', 'utf8').toString('base64')}`);
  });

  it('builds folder and file URLs from decoded paths', () => {
    expect(targetUrl('https://dav.jianguoyun.com/dav', '', true)).toBe('https://dav.jianguoyun.com/dav/');
    expect(targetUrl('https://dav.jianguoyun.com/dav/', '/dav/书架', true)).toBe('https://dav.jianguoyun.com/dav/%E4%B9%A6%E6%9E%B6/');
    expect(targetUrl('http://h:81/x/', '/x/a #1?.epub', false)).toBe('http://h:81/x/a%20%231%3F.epub');
    expect(normalizePath('/dav/%E4%B9%A6%E6%9E%B6/')).toBe('/dav/书架');
    expect(normalizePath('/')).toBe('/');
  });

  it('maps the target statuses', () => {
    expect([401, 403, 404, 405, 501, 500, 413].map((status) => statusError(status).code)).toEqual([
      'unauthorized',
      'forbidden',
      'notFound',
      'notWebdav',
      'notWebdav',
      'failed',
      'tooLarge',
    ]);
  });
});
