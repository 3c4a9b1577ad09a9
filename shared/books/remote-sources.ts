import type { WebdavEntry, WebdavItem } from '../contracts/webdav';

/** The address as the duplicate rule compares it: trimmed, scheme and host lower-cased, one trailing slash. */
export function normalizeServerUrl(serverURL: string): string {
  const trimmed = serverURL.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return trimmed;
  }
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  return `${url.protocol}//${url.host}${path}${url.search}`.replace(/^(\w+:)/, (scheme) => scheme.toLowerCase());
}

/** Spec §5: a WebDAV entry is a duplicate if serverURL, authType and username all match. */
export function isSameWebdavEntry(
  a: Pick<WebdavEntry, 'serverURL' | 'authType' | 'username'>,
  b: Pick<WebdavEntry, 'serverURL' | 'authType' | 'username'>,
): boolean {
  return normalizeServerUrl(a.serverURL) === normalizeServerUrl(b.serverURL) && a.authType === b.authType && a.username === b.username;
}

/**
 * The download history's key of a remote file (spec §3: "download history holds ids or etags"): its
 * ETag (with its path) where the server sends one, else an id of path, size and modification time, so a file that
 * changed is fetched again and an unchanged one is not.
 */
export function downloadKey(item: Pick<WebdavItem, 'path' | 'size' | 'modified' | 'etag'>): string {
  // An ETag is only comparable within one resource (RFC 9110 §8.8.3), and real servers reuse them
  // across files: the npm webdav-server gives every file of one modification time the same ETag.
  if (item.etag) return `etag:${item.path}|${item.etag}`;
  return `id:${item.path}|${item.size}|${item.modified ?? ''}`;
}

/**
 * The download history's key of a book from a cloud list: its URL with the ETag where one is known
 * (a HEAD or an earlier download), else with the size and date the list gives, so a book the list
 * says changed is fetched again. The URL is the identity: lists name no paths of their own.
 */
export function cloudDownloadKey(file: { url: string; etag?: string; size?: number; updated?: number }): string {
  if (file.etag) return `url-etag:${file.url}|${file.etag}`;
  return `url:${file.url}|${file.size ?? ''}|${file.updated ?? ''}`;
}
