import { DOMParser } from '@xmldom/xmldom';
import type { Element } from '@xmldom/xmldom';
import { WebdavError } from '../contracts/webdav';
import type { WebdavItem } from '../contracts/webdav';

/**
 * WebDAV's folder listing (RFC 4918 §9.1, PROPFIND → 207 multistatus), shared by the website (through
 * the proxy) and the desktop (from the main process): what to ask, and how to read what any server
 * answers — Apache mod_dav (`lp1:` prefixes), nginx dav-ext (no ETags), rclone, the npm webdav-server,
 * 坚果云 and NAS boxes all spell the same XML differently.
 */

/** Only what the library shows and the download history keys on; `allprop` would also fetch dead properties. */
export const PROPFIND_BODY =
  '<?xml version="1.0" encoding="utf-8"?>\n' +
  '<d:propfind xmlns:d="DAV:"><d:prop>' +
  '<d:resourcetype/><d:getcontentlength/><d:getlastmodified/><d:getetag/><d:getcontenttype/><d:displayname/>' +
  '</d:prop></d:propfind>';

/** A folder of more members is refused rather than shown cut short (a listing is read into memory whole). */
export const MAX_LISTING_ENTRIES = 10_000;
/** ~10 000 entries at ~1 KB each with room to spare; the proxy's 512 MB cap is far too much to parse. */
export const MAX_LISTING_BYTES = 32 * 1024 * 1024;

/**
 * The HTTP Basic credentials of RFC 7617 with UTF-8 (what every current server expects): a user
 * named 读者 with a password of 书架 must arrive as those bytes, not Latin-1 mojibake.
 */
export function basicAuthorization(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

// Runs of escapes one at a time, so a stray '%' (a server that sent '100%' unescaped) stays as it is
// and the escapes around it are still decoded.
const decodeSegment = (segment: string) =>
  segment.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

/** A decoded path without trailing slashes ('/' stays '/'), the form paths are compared and returned in. */
export function normalizePath(path: string): string {
  const decoded = path.split('/').map(decodeSegment).join('/');
  const trimmed = decoded.replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed || '/' : `/${trimmed}`;
}

/** Encodes a decoded server path segment by segment for a request URL ('/' kept, '#', '?' and spaces escaped). */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/**
 * The URL of a folder or file: `path` '' or '/' is the entry's own folder, anything else a decoded
 * path on the server's origin (as `WebdavItem.path` gives it). Folders get the trailing slash some
 * servers insist on (a 301 otherwise, which a PROPFIND does not survive everywhere).
 */
export function targetUrl(serverURL: string, path: string, folder: boolean): string {
  const base = new URL(serverURL);
  if (path === '' || path === '/') {
    if (folder && !base.pathname.endsWith('/')) base.pathname += '/';
    return base.toString();
  }
  const url = new URL(encodePath(normalizePath(path)) + (folder ? '/' : ''), base.origin);
  return url.toString();
}

/** The path part of a URL as `WebdavItem.path` has it. */
export const pathOfUrl = (url: string): string => normalizePath(new URL(url).pathname);

function children(element: Element, name: string): Element[] {
  const found: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && ((node as Element).localName ?? node.nodeName) === name) found.push(node as Element);
  }
  return found;
}

const child = (element: Element, name: string): Element | undefined => children(element, name)[0];
const text = (element: Element | undefined): string => (element?.textContent ?? '').trim();

/** "HTTP/1.1 200 OK" → 200. */
const statusCode = (line: string): number => Number(/^\S+\s+(\d{3})/.exec(line.trim())?.[1] ?? 0);

/** The properties of one response that came with a 2xx status (a 404 propstat lists what the server lacks). */
function goodProps(response: Element): Element[] {
  const props: Element[] = [];
  for (const propstat of children(response, 'propstat')) {
    const status = statusCode(text(child(propstat, 'status')));
    // A missing status line is read as success: some servers leave it out of a lone propstat.
    if (status !== 0 && (status < 200 || status > 299)) continue;
    props.push(...children(propstat, 'prop'));
  }
  return props;
}

function item(response: Element, base: URL): WebdavItem | undefined {
  const href = text(child(response, 'href'));
  if (!href) return undefined;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return undefined;
  }
  const props = goodProps(response);
  // A response with only a status of its own (and no usable propstat) names a member it cannot describe.
  if (props.length === 0) return undefined;
  const prop = (name: string) => props.map((p) => child(p, name)).find((element) => element !== undefined);
  const resourceType = prop('resourcetype');
  const contentType = text(prop('getcontenttype')) || undefined;
  const folder = (resourceType !== undefined && child(resourceType, 'collection') !== undefined) || contentType === 'httpd/unix-directory';
  const path = normalizePath(url.pathname);
  const size = Number(text(prop('getcontentlength')));
  const modified = Date.parse(text(prop('getlastmodified')));
  const etag = text(prop('getetag'));
  const displayName = text(prop('displayname'));
  return {
    path,
    name: displayName || path.slice(path.lastIndexOf('/') + 1) || path,
    kind: folder ? 'folder' : 'file',
    size: folder || !Number.isFinite(size) || size < 0 ? 0 : size,
    ...(Number.isFinite(modified) ? { modified } : {}),
    ...(etag ? { etag } : {}),
    ...(contentType && !folder ? { contentType } : {}),
  };
}

const byKindThenName = (a: WebdavItem, b: WebdavItem) =>
  a.kind === b.kind ? a.name.localeCompare(b.name, 'zh-Hans-CN', { numeric: true }) : a.kind === 'folder' ? -1 : 1;

/**
 * The members of a 207 answer to a PROPFIND of `requestUrl` (hrefs resolve against it), the folder
 * itself left out, folders first. Anything that is not a multistatus — a web page, JSON, garbage —
 * throws WebdavError 'notWebdav'; a multistatus that breaks off throws 'failed'; nothing else is thrown.
 */
export function parseMultistatus(xml: string, requestUrl: string): WebdavItem[] {
  return readMultistatus(xml, requestUrl).members;
}

/**
 * A Depth 0 PROPFIND's answer: the folder itself must be in it. A multistatus with no response at
 * all is what some web servers make of an unknown method: not a WebDAV folder.
 */
export function checkMultistatus(xml: string, requestUrl: string): void {
  if (readMultistatus(xml, requestUrl).responses === 0) throw new WebdavError('notWebdav', 'empty multistatus');
}

function readMultistatus(xml: string, requestUrl: string): { members: WebdavItem[]; responses: number } {
  if (xml.length > MAX_LISTING_BYTES) throw new WebdavError('tooLarge', `listing of ${xml.length} characters`);
  let base: URL;
  try {
    base = new URL(requestUrl);
  } catch {
    throw new WebdavError('failed', 'bad request URL');
  }
  const looksLikeMultistatus = /<([\w.-]+:)?multistatus[\s>/]/.test(xml);
  let root: Element | null;
  try {
    root = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml').documentElement;
  } catch (error) {
    throw new WebdavError(looksLikeMultistatus ? 'failed' : 'notWebdav', error instanceof Error ? error.message : String(error));
  }
  if (!root || (root.localName ?? root.nodeName) !== 'multistatus') throw new WebdavError('notWebdav', 'no multistatus');
  const responses = children(root, 'response');
  // The folder itself is one of the responses, so one more than the cap may come.
  if (responses.length > MAX_LISTING_ENTRIES + 1) throw new WebdavError('tooLarge', `${responses.length} entries`);
  const self = normalizePath(base.pathname);
  const items: WebdavItem[] = [];
  for (const response of responses) {
    const found = item(response, base);
    if (found && found.path !== self) items.push(found);
  }
  return { members: items.sort(byKindThenName), responses: responses.length };
}

/** Maps a target's HTTP status (not 2xx) to the code the page translates. */
export function statusError(status: number): WebdavError {
  if (status === 401) return new WebdavError('unauthorized', '401');
  if (status === 403) return new WebdavError('forbidden', '403');
  if (status === 404 || status === 410) return new WebdavError('notFound', String(status));
  // A server that knows no PROPFIND answers 405 or 501; a web server's login page, 200 with HTML.
  if (status === 405 || status === 501) return new WebdavError('notWebdav', String(status));
  if (status === 408 || status === 504) return new WebdavError('timeout', String(status));
  if (status === 413) return new WebdavError('tooLarge', '413');
  return new WebdavError('failed', `status ${status}`);
}
