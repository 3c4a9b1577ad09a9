import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudListError } from '@shared/books/cloud-list';
import { cloudDownloadKey } from '@shared/books/remote-sources';
import { makeEpub } from '@shared/testing/books';
import { createProxyClient, ProxyError } from '@/http/proxy';
import type { ImportResult } from './library.store';
import {
  checkListUrl,
  cloudItems,
  cloudProblem,
  cloudSourceId,
  CloudFetchError,
  downloadCloudFile,
  fetchCloudList,
  newCloudItems,
  rememberUrl,
} from './cloud.service';
import type { CloudItem, CloudProxy } from './cloud.service';
import { fetchRemoteBooks } from './webdav-fetch';
import type { FetchRow } from './webdav-fetch';

const epub = makeEpub({ title: '三体', creators: ['刘慈欣'], identifier: 'urn:uuid:santi' });
const feed = (base: string) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>书库</title>
  <link rel="next" href="/feed2.xml" type="application/atom+xml;profile=opds-catalog"/>
  <entry><title>三体</title><author><name>刘慈欣</name></author><updated>2024-01-02T00:00:00Z</updated>
    <link rel="http://opds-spec.org/acquisition" href="${base}/santi.epub" type="application/epub+zip"/></entry>
</feed>`;

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/feed.xml') response.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(feed(base));
    else if (request.url === '/santi.epub')
      response.writeHead(200, { 'Content-Type': 'application/epub+zip', 'Content-Length': epub.length }).end(epub);
    else if (request.url === '/page.html') response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><p>login</p>');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// The real client's body reading; the call itself goes straight to the loopback server (the proxy's own tests cover its guards).
const client = createProxyClient({ language: () => 'en' });
const direct: CloudProxy = {
  fetch: (_purpose, target, request = {}) => fetch(target, request.signal ? { signal: request.signal } : {}),
  bytes: client.bytes,
};

describe('cloud lists through the proxy', () => {
  it('reads a feed by its URL: the book with its title, author, format and history key, and the next page resolved', async () => {
    const list = await fetchCloudList(direct, `${base}/feed.xml`);
    expect(list.pages.next).toBe(`${base}/feed2.xml`);
    const [item] = cloudItems(list.books);
    expect(item).toMatchObject({ title: '三体', author: '刘慈欣', format: 'epub', path: `${base}/santi.epub`, name: 'santi.epub' });
    expect(item!.key).toBe(cloudDownloadKey({ url: `${base}/santi.epub`, updated: Date.parse('2024-01-02T00:00:00Z') }));
  });

  it('downloads a book with progress up to its whole length, and a missing one is notFound', async () => {
    const progress: number[] = [];
    const blob = await downloadCloudFile(direct, `${base}/santi.epub`, { onProgress: (loaded) => progress.push(loaded) });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(epub);
    expect(progress.at(-1)).toBe(epub.length);
    await expect(downloadCloudFile(direct, `${base}/gone.epub`)).rejects.toMatchObject({ code: 'notFound', status: 404 });
    await expect(fetchCloudList(direct, `${base}/gone.xml`)).rejects.toMatchObject({ code: 'notFound' });
  });

  it('a page that is no list is notAList', async () => {
    const text = await fetchCloudList(direct, `${base}/page.html`).catch((error: unknown) => cloudProblem(error));
    expect(['notAList', 'corrupt']).toContain(text);
  });
});

describe('cloudProblem', () => {
  it('gives every refusal of the proxy its own code', () => {
    expect(cloudProblem(new ProxyError('unauthorized', 'x', 401))).toBe('loginRequired');
    expect(cloudProblem(new ProxyError('responseTooLarge', 'x'))).toBe('responseTooLarge');
    expect(cloudProblem(new ProxyError('network', 'x'))).toBe('unreachable');
    expect(cloudProblem(new ProxyError('refused', 'x', 504, ['proxy.timeout']))).toBe('timeout');
    expect(cloudProblem(new ProxyError('refused', 'x', 502, ['proxy.responseTypeNotAllowed']))).toBe('wrongType');
    expect(cloudProblem(new ProxyError('refused', 'x', 502, ['proxy.upstreamFailed']))).toBe('unreachable');
    expect(cloudProblem(new ProxyError('refused', 'x', 403, ['proxy.forbiddenAddress']))).toBe('refused');
    expect(cloudProblem(new CloudListError('empty'))).toBe('empty');
    expect(cloudProblem(new CloudFetchError('httpStatus', 500))).toBe('httpStatus');
    expect(cloudProblem(new DOMException('stop', 'AbortError'))).toBe('cancelled');
    expect(cloudProblem(new Error('?'))).toBe('failed');
  });
});

describe('the drawer’s rules', () => {
  it('takes http(s) list addresses only, never with a password', () => {
    expect(checkListUrl(' https://standardebooks.org/feeds/opds ')).toBe('https://standardebooks.org/feeds/opds');
    expect(checkListUrl('ftp://x/list.txt')).toBeUndefined();
    expect(checkListUrl('https://u:p@x/list.txt')).toBeUndefined();
    expect(checkListUrl('not a url')).toBeUndefined();
  });

  it('remembers recent addresses newest first, once each, at most eight', () => {
    const many = Array.from({ length: 10 }, (_, at) => `https://x/${at}`);
    expect(rememberUrl(['https://a', 'https://b'], 'https://b')).toEqual(['https://b', 'https://a']);
    expect(rememberUrl(many, 'https://new')).toHaveLength(8);
    expect(cloudSourceId(undefined)).toBe('cloud:pasted');
  });

  it('downloads only the books the history does not know, and records them under their cloud key', async () => {
    const items: CloudItem[] = cloudItems([
      { title: '一', files: [{ url: `${base}/santi.epub`, name: 'santi.epub', format: 'epub' }] },
      { title: '二', files: [{ url: `${base}/gone.epub`, name: 'gone.epub', format: 'epub' }] },
      { title: '三', files: [] },
    ]);
    expect(items).toHaveLength(2);
    const recorded: string[] = [];
    let rows: FetchRow[] = [];
    const run = fetchRemoteBooks<CloudItem>({
      sourceId: cloudSourceId(`${base}/list.txt`),
      items: newCloudItems(items, new Set()),
      keyOf: (item) => item.key,
      errorCode: cloudProblem,
      download: (item, options) => downloadCloudFile(direct, item.path, options),
      importFiles: async (files): Promise<ImportResult[]> =>
        files.map(() => ({ status: 'added', bookId: 'b1', title: '三体' }) as ImportResult),
      record: async (download) => recorded.push(download.key),
      onRows: (latest) => (rows = latest),
    });
    expect(await run.done).toMatchObject({ fetched: 1, failed: 1, known: 0 });
    // The list named no sizes: the rows show none rather than "0 B".
    expect(rows.map((row) => row.size)).toEqual([undefined, undefined]);
    expect(rows[1]).toMatchObject({ outcome: 'failed', errorCode: 'notFound' });
    expect(recorded).toEqual([items[0]!.key]);
    expect(newCloudItems(items, new Set(recorded))).toEqual([items[1]]);
  });
});
