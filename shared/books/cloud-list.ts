import { DOMParser } from '@xmldom/xmldom';
import type { Element } from '@xmldom/xmldom';

/**
 * The cloud import drawer's lists (issue 15): what the user pastes, or what a list URL returns —
 * a plain list of book URLs, an OPDS 1.x Atom feed (Calibre's content server, Standard Ebooks,
 * COPS…) or an OPDS 2.0 JSON feed. Read the same way on the website and the desktop.
 */

/** Why a text is not a list of books, for the drawer to translate; nothing else is ever thrown. */
export type CloudListErrorCode = 'empty' | 'notAList' | 'corrupt' | 'tooLarge';

export class CloudListError extends Error {
  constructor(
    readonly code: CloudListErrorCode,
    detail?: string,
  ) {
    super(detail ? `cloud list ${code}: ${detail}` : `cloud list ${code}`);
    this.name = 'CloudListError';
  }
}

/** More books than this in one list (or one feed page) is refused rather than shown cut short. */
export const MAX_CLOUD_LIST_BOOKS = 1000;
/** A feed page of 1 000 entries is well under 4 MB; anything larger is not a list a person made. */
export const MAX_CLOUD_LIST_CHARS = 8 * 1024 * 1024;

export type CloudBookFormat = 'epub' | 'azw3' | 'mobi' | 'fb2' | 'cbz' | 'txt';

export interface CloudBookFile {
  /** Absolute http(s) URL, without a fragment. */
  url: string;
  /** A file name for the download: the URL's last segment, or the title with the format's extension. */
  name: string;
  /** From the link's type or the URL's extension; unknown until the download is sniffed otherwise. */
  format?: CloudBookFormat;
  /** The type the feed declared, parameters left out. */
  mediaType?: string;
  /** Atom's `length`, where the feed gives it. */
  size?: number;
}

export interface CloudBook {
  title: string;
  author?: string;
  /** ms since the epoch: the entry's `updated` (OPDS 2: `modified`). */
  updated?: number;
  /** The feed's own id of the entry (urn:uuid:…, a URL). */
  id?: string;
  /** The downloadable files of one book, the library's best-read format first (epub before azw3…). */
  files: CloudBookFile[];
}

/** A catalogue the drawer can open next (Calibre's "By author", a shelf of Standard Ebooks…). */
export interface CloudListLink {
  title: string;
  url: string;
}

export type CloudListPage = 'next' | 'previous' | 'first' | 'last' | 'start' | 'up';

export interface CloudList {
  kind: 'plain' | 'opds1' | 'opds2';
  title?: string;
  books: CloudBook[];
  navigation: CloudListLink[];
  /** Where to page through a long feed (absolute URLs). */
  pages: Partial<Record<CloudListPage, string>>;
  /** Lines of a plain list that are no http(s) address (counted for the drawer to say so). */
  skipped: number;
}

const FORMAT_ORDER: CloudBookFormat[] = ['epub', 'azw3', 'mobi', 'fb2', 'cbz', 'txt'];

const TYPE_FORMATS: Record<string, CloudBookFormat> = {
  'application/epub+zip': 'epub',
  'application/x-mobipocket-ebook': 'mobi',
  'application/vnd.amazon.ebook': 'mobi',
  'application/x-mobi8-ebook': 'azw3',
  'application/vnd.amazon.mobi8-ebook': 'azw3',
  'application/x-fictionbook+xml': 'fb2',
  'application/x-fictionbook': 'fb2',
  'application/fb2': 'fb2',
  'text/fb2+xml': 'fb2',
  'application/x-zip-compressed-fb2': 'fb2',
  'application/x-cbz': 'cbz',
  'application/vnd.comicbook+zip': 'cbz',
  'text/plain': 'txt',
};
/** Types that say nothing about the book inside: the URL's extension decides. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/zip', 'application/x-zip-compressed']);

const EXTENSION_FORMATS: [RegExp, CloudBookFormat][] = [
  [/\.epub$/i, 'epub'],
  [/\.azw3$/i, 'azw3'],
  [/\.(mobi|azw|prc)$/i, 'mobi'],
  [/\.fb2(\.zip)?$/i, 'fb2'],
  [/\.cbz$/i, 'cbz'],
  [/\.txt$/i, 'txt'],
];

const PAGE_RELS: Record<string, CloudListPage> = {
  next: 'next',
  previous: 'previous',
  prev: 'previous',
  first: 'first',
  last: 'last',
  start: 'start',
  up: 'up',
};

// Buy, borrow, subscribe and sample lead to a shop or an account, or to a preview: not the book.
const isAcquisition = (rel: string) => rel === 'http://opds-spec.org/acquisition' || rel === 'http://opds-spec.org/acquisition/open-access';

const mediaTypeOf = (type: string) => (type.split(';')[0] ?? '').trim().toLowerCase();

// Runs of escapes one at a time, so a stray '%' stays as it is and the escapes around it decode.
const decodeSegment = (segment: string) =>
  segment.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

/** The URL's last path segment, decoded (三体.epub, not %E4%B8%89…); the host where the path is '/'. */
function nameFromUrl(url: URL): string {
  const segments = url.pathname.split('/').filter(Boolean);
  const last = segments[segments.length - 1];
  return last ? decodeSegment(last) : url.hostname;
}

const formatOfName = (name: string) => EXTENSION_FORMATS.find(([pattern]) => pattern.test(name))?.[1];

/**
 * The format a link names: its type where the type is specific (a MOBI type on an .azw3 file is
 * AZW3: Standard Ebooks serves its AZW3 as x-mobipocket-ebook), the extension where it is generic.
 * `null`: a type the library does not read (kepub, PDF, HTML).
 */
function formatOf(mediaType: string, name: string): CloudBookFormat | undefined | null {
  const byName = formatOfName(name);
  if (GENERIC_TYPES.has(mediaType)) return byName;
  const byType = TYPE_FORMATS[mediaType];
  if (!byType) return null;
  if (byType === 'mobi' && byName === 'azw3') return 'azw3';
  return byType;
}

/** An absolute http(s) URL without fragment or credentials (the proxy refuses those), or undefined. */
function webUrl(href: string, base?: string): URL | undefined {
  let url: URL;
  try {
    url = base === undefined ? new URL(href) : new URL(href, base);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return undefined;
  url.hash = '';
  return url;
}

const safeFileName = (title: string) => title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_').slice(0, 120) || 'book';

function bookFile(href: string, type: string, base: string | undefined, title: string, length?: number): CloudBookFile | undefined {
  const url = webUrl(href, base);
  if (!url) return undefined;
  const mediaType = mediaTypeOf(type);
  const fromUrl = nameFromUrl(url);
  const format = formatOf(mediaType, fromUrl);
  if (format === null) return undefined;
  // Calibre's links end in /get/epub/3/calibre: the title names the file better then.
  const name = formatOfName(fromUrl) || !format ? fromUrl : `${safeFileName(title)}.${format}`;
  return {
    url: url.toString(),
    name,
    ...(format ? { format } : {}),
    ...(mediaType ? { mediaType } : {}),
    ...(length !== undefined && Number.isSafeInteger(length) && length >= 0 ? { size: length } : {}),
  };
}

const byFormat = (a: CloudBookFile, b: CloudBookFile) =>
  (a.format ? FORMAT_ORDER.indexOf(a.format) : FORMAT_ORDER.length) - (b.format ? FORMAT_ORDER.indexOf(b.format) : FORMAT_ORDER.length);

function uniqueFiles(files: (CloudBookFile | undefined)[]): CloudBookFile[] {
  const kept = new Map<string, CloudBookFile>();
  for (const file of files) if (file && !kept.has(file.url)) kept.set(file.url, file);
  // sort is stable: two EPUBs (Standard Ebooks' compatible and advanced) keep the feed's order.
  return [...kept.values()].sort(byFormat);
}

function checkCount(books: number): void {
  if (books > MAX_CLOUD_LIST_BOOKS) throw new CloudListError('tooLarge', `${books} books`);
}

const dateOf = (text: string) => {
  const time = Date.parse(text);
  return Number.isFinite(time) ? time : undefined;
};

function readPlainList(text: string): CloudList {
  const books: CloudBook[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  let lines = 0;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    lines += 1;
    const url = webUrl(line);
    if (!url) {
      skipped += 1;
      continue;
    }
    const key = url.toString();
    if (seen.has(key)) continue;
    seen.add(key);
    const name = nameFromUrl(url);
    const format = formatOfName(name);
    books.push({ title: name, files: [{ url: key, name, ...(format ? { format } : {}) }] });
    checkCount(books.length);
  }
  if (lines === 0) throw new CloudListError('empty');
  if (books.length === 0) throw new CloudListError('notAList', 'no http(s) address');
  return { kind: 'plain', books, navigation: [], pages: {}, skipped };
}

// ---- OPDS 1.x (Atom) ----

const localName = (element: Element) => element.localName ?? element.nodeName;

function children(element: Element, name: string): Element[] {
  const found: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && localName(node as Element) === name) found.push(node as Element);
  }
  return found;
}

const text = (element: Element | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
const childText = (element: Element, name: string) => text(children(element, name)[0]);

function atomEntry(entry: Element, base: string | undefined): { book?: CloudBook; navigation?: CloudListLink } {
  const title = childText(entry, 'title');
  const links = children(entry, 'link');
  const files = uniqueFiles(
    links
      .filter((link) => isAcquisition(link.getAttribute('rel') ?? ''))
      .map((link) =>
        bookFile(
          link.getAttribute('href') ?? '',
          link.getAttribute('type') ?? '',
          base,
          title,
          link.hasAttribute('length') ? Number(link.getAttribute('length')) : undefined,
        ),
      ),
  );
  if (files.length > 0) {
    const author = children(entry, 'author')
      .map((element) => childText(element, 'name'))
      .filter(Boolean)
      .join(', ');
    const updated = dateOf(childText(entry, 'updated'));
    const id = childText(entry, 'id');
    return {
      book: {
        title: title || files[0]!.name,
        ...(author ? { author } : {}),
        ...(updated !== undefined ? { updated } : {}),
        ...(id ? { id } : {}),
        files,
      },
    };
  }
  const catalogue = links.find((link) => {
    const rel = link.getAttribute('rel') ?? '';
    const type = mediaTypeOf(link.getAttribute('type') ?? '');
    return rel !== 'self' && rel !== 'alternate' && (type === 'application/atom+xml' || rel === 'subsection');
  });
  const url = catalogue ? webUrl(catalogue.getAttribute('href') ?? '', base) : undefined;
  return url ? { navigation: { title: title || nameFromUrl(url), url: url.toString() } } : {};
}

function pageLinks(links: { rel: string; href: string }[], base: string | undefined): CloudList['pages'] {
  const pages: CloudList['pages'] = {};
  for (const { rel, href } of links) {
    const page = PAGE_RELS[rel];
    const url = page && !pages[page] ? webUrl(href, base) : undefined;
    if (page && url) pages[page] = url.toString();
  }
  return pages;
}

function readAtomFeed(xml: string, base: string | undefined): CloudList {
  const looksLikeFeed = /<([\w.-]+:)?feed[\s>/]/.test(xml);
  let root: Element | null;
  try {
    // xmldom 0.9 throws on an unclosed element, so a feed that breaks off never reads as a shorter one.
    root = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml').documentElement;
  } catch (error) {
    throw new CloudListError(looksLikeFeed ? 'corrupt' : 'notAList', error instanceof Error ? error.message : String(error));
  }
  if (!root || localName(root) !== 'feed') throw new CloudListError('notAList', 'no Atom feed');
  const entries = children(root, 'entry');
  const books: CloudBook[] = [];
  const navigation: CloudListLink[] = [];
  for (const entry of entries) {
    const read = atomEntry(entry, base);
    if (read.book) books.push(read.book);
    if (read.navigation) navigation.push(read.navigation);
    checkCount(books.length);
  }
  const pages = pageLinks(
    children(root, 'link').map((link) => ({ rel: link.getAttribute('rel') ?? '', href: link.getAttribute('href') ?? '' })),
    base,
  );
  const title = childText(root, 'title');
  return { kind: 'opds1', ...(title ? { title } : {}), books, navigation, pages, skipped: 0 };
}

// ---- OPDS 2.0 (JSON) ----

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: Json): Json[] => (Array.isArray(value) ? value : []);
const string = (value: Json): string => (typeof value === 'string' ? value.trim() : '');

/** A string, or a language map ({"zh": "三体", "en": "…"}): its first string. */
function localized(value: Json): string {
  if (typeof value === 'string') return value.trim();
  if (isObject(value)) return Object.values(value).map(string).find(Boolean) ?? '';
  return '';
}

/** Readium's contributors: a name, an object with a (localised) name, or a list of either. */
function contributors(value: Json): string {
  const one = (item: Json) => (isObject(item) ? localized(item.name) : localized(item));
  return (Array.isArray(value) ? value.map(one) : [one(value)]).filter(Boolean).join(', ');
}

const rels = (link: Record<string, Json>): string[] => (Array.isArray(link.rel) ? link.rel.map(string) : [string(link.rel)]);

function publication(value: Json, base: string | undefined): CloudBook | undefined {
  if (!isObject(value)) return undefined;
  const metadata = isObject(value.metadata) ? value.metadata : {};
  const title = localized(metadata.title);
  const files = uniqueFiles(
    list(value.links)
      .filter(isObject)
      .filter((link) => rels(link).some(isAcquisition))
      .map((link) => bookFile(string(link.href), string(link.type), base, title)),
  );
  if (files.length === 0) return undefined;
  const author = contributors(metadata.author);
  const updated = dateOf(string(metadata.modified));
  const id = string(metadata.identifier);
  return {
    title: title || files[0]!.name,
    ...(author ? { author } : {}),
    ...(updated !== undefined ? { updated } : {}),
    ...(id ? { id } : {}),
    files,
  };
}

function navigationLink(value: Json, base: string | undefined): CloudListLink | undefined {
  if (!isObject(value)) return undefined;
  const url = webUrl(string(value.href), base);
  return url ? { title: localized(value.title) || nameFromUrl(url), url: url.toString() } : undefined;
}

function readJsonFeed(json: string, base: string | undefined): CloudList {
  let feed: Json;
  try {
    feed = JSON.parse(json);
  } catch (error) {
    throw new CloudListError('corrupt', error instanceof Error ? error.message : String(error));
  }
  if (!isObject(feed) || !(Array.isArray(feed.publications) || Array.isArray(feed.navigation) || Array.isArray(feed.groups)))
    throw new CloudListError('notAList', 'no OPDS 2 feed');
  // A group (a home page's shelves) holds publications and navigation of its own.
  const sections = [feed, ...list(feed.groups).filter(isObject)];
  const books: CloudBook[] = [];
  const navigation: CloudListLink[] = [];
  for (const section of sections) {
    for (const item of list(section.publications)) {
      const book = publication(item, base);
      if (book) books.push(book);
      checkCount(books.length);
    }
    for (const item of list(section.navigation)) {
      const link = navigationLink(item, base);
      if (link) navigation.push(link);
    }
  }
  const pages = pageLinks(
    list(feed.links)
      .filter(isObject)
      .flatMap((link) => rels(link).map((rel) => ({ rel, href: string(link.href) }))),
    base,
  );
  const title = isObject(feed.metadata) ? localized(feed.metadata.title) : '';
  return { kind: 'opds2', ...(title ? { title } : {}), books, navigation, pages, skipped: 0 };
}

/**
 * Reads a pasted text or a list URL's answer. `listUrl` (the final URL after redirects) resolves a
 * feed's relative links; without it (pasted text) only absolute links count. Throws CloudListError
 * and nothing else, whatever the text.
 */
export function readCloudList(input: string, listUrl?: string): CloudList {
  if (input.length > MAX_CLOUD_LIST_CHARS) throw new CloudListError('tooLarge', `${input.length} characters`);
  const base = listUrl !== undefined && webUrl(listUrl) ? listUrl : undefined;
  const text = input.replace(/^\uFEFF/, '').trim();
  if (!text) throw new CloudListError('empty');
  try {
    if (text.startsWith('<')) return readAtomFeed(text, base);
    if (text.startsWith('{')) return readJsonFeed(text, base);
    return readPlainList(text);
  } catch (error) {
    if (error instanceof CloudListError) throw error;
    // A reader bug must not reach the page as something else: it is a list we could not read.
    throw new CloudListError('corrupt', error instanceof Error ? error.message : String(error));
  }
}
