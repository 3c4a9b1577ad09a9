/**
 * The WebDAV drawers' view model (issue 15): pure, no DOM, storage or network, so the folder view,
 * the sync plan, the entry rules and the error texts' keys are tested under Node.
 */
import { WEBDAV_AUTH_TYPES, WebdavError } from '@shared/contracts/webdav';
import type { WebdavAuthType, WebdavConnection, WebdavEntry, WebdavErrorCode, WebdavItem } from '@shared/contracts/webdav';
import { downloadKey, isSameWebdavEntry } from '@shared/books/remote-sources';
import { isBookFileName } from './book-library.service';

export type EntryDraft = Pick<WebdavEntry, 'serverURL' | 'authType' | 'username'>;

/** Why an address cannot be saved: a key under `webdav.edit.errors`. */
export type AddressProblem = 'addressEmpty' | 'addressInvalid' | 'addressScheme' | 'addressCredentials';

/** The address as typed, checked: http(s) only, and never a password inside it (it would be stored in plain text). */
export function checkServerUrl(text: string): { ok: true; url: string } | { ok: false; problem: AddressProblem } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, problem: 'addressEmpty' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, problem: 'addressInvalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'addressScheme' };
  if (url.username || url.password) return { ok: false, problem: 'addressCredentials' };
  if (!url.hostname) return { ok: false, problem: 'addressInvalid' };
  return { ok: true, url: trimmed };
}

export const isAuthType = (value: unknown): value is WebdavAuthType => WEBDAV_AUTH_TYPES.includes(value as WebdavAuthType);

/** Spec §5: the stored entry the draft would duplicate (same serverURL, authType and username), leaving out the one being edited. */
export function duplicateEntry(entries: readonly WebdavEntry[], draft: EntryDraft, editingId?: string): WebdavEntry | undefined {
  return entries.find((entry) => entry.id !== editingId && isSameWebdavEntry(entry, normalDraft(draft)));
}

/** A draft as it is stored: the address trimmed, no username without a login. */
export function normalDraft(draft: EntryDraft): EntryDraft {
  return { serverURL: draft.serverURL.trim(), authType: draft.authType, username: draft.authType === 'none' ? '' : draft.username.trim() };
}

/** The entry's own folder on the server: the decoded path of its address, without the trailing slash ('' for the root). */
export function rootPath(serverURL: string): string {
  let path: string;
  try {
    path = new URL(serverURL).pathname;
  } catch {
    return '';
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    // A stray % in the address: the server gets it as typed, and so does the breadcrumb.
  }
  return path.replace(/\/+$/, '');
}

/** A short name for an entry: host plus folder ("dav.jianguoyun.com/dav"), and the user when there is one. */
export function entryLabel(entry: Pick<WebdavEntry, 'serverURL' | 'username'>): string {
  let place = entry.serverURL;
  try {
    const url = new URL(entry.serverURL);
    place = `${url.host}${rootPath(entry.serverURL)}`;
  } catch {
    // Shown as stored.
  }
  return entry.username ? `${entry.username} @ ${place}` : place;
}

export interface Crumb {
  name: string;
  /** What `list` takes: '' for the entry's own folder. */
  path: string;
}

/** The way from the entry's folder down to `folder`: the first crumb is the entry's folder itself (its name is left to the page). */
export function breadcrumbs(serverURL: string, folder: string): Crumb[] {
  const root = rootPath(serverURL);
  const crumbs: Crumb[] = [{ name: '', path: '' }];
  if (!folder || folder === '/' || folder === root) return crumbs;
  const below = folder.startsWith(`${root}/`) ? folder.slice(root.length) : folder;
  let path = folder.startsWith(`${root}/`) ? root : '';
  for (const segment of below.split('/').filter(Boolean)) {
    path = `${path}/${segment}`;
    crumbs.push({ name: segment, path });
  }
  return crumbs;
}

/** The folder above `folder`, or undefined at the entry's own folder (the user may not climb above what they gave). */
export function parentFolder(serverURL: string, folder: string): string | undefined {
  const crumbs = breadcrumbs(serverURL, folder);
  return crumbs.length > 1 ? crumbs[crumbs.length - 2]!.path : undefined;
}

export interface FolderView {
  folders: WebdavItem[];
  books: WebdavItem[];
  /** Files that are no e-books (covers, notes), left out of the list: only counted. */
  hidden: number;
}

/** A folder as the viewer lists it: folders first, then book files (by extension), each A→Z as the language sorts. */
export function folderView(items: readonly WebdavItem[], language: string): FolderView {
  const compare = new Intl.Collator(language === 'en' ? 'en' : 'zh-Hans-CN-u-co-pinyin', { numeric: true, sensitivity: 'base' }).compare;
  const byName = (a: WebdavItem, b: WebdavItem) => compare(a.name, b.name);
  const folders = items.filter((item) => item.kind === 'folder').sort(byName);
  const files = items.filter((item) => item.kind === 'file');
  const books = files.filter((item) => isBookFileName(item.name)).sort(byName);
  return { folders, books, hidden: files.length - books.length };
}

/** The book files of a folder this entry has not fetched before, in the form the history knows them. */
export function newBooks(books: readonly WebdavItem[], known: ReadonlySet<string>): WebdavItem[] {
  return books.filter((item) => !known.has(downloadKey(item)));
}

/** How one file of a download ended. */
export type FetchOutcome = 'fetched' | 'duplicate' | 'failed' | 'cancelled';

/**
 * What a download or sync did, counted file by file: the result line says exactly this (Koodo said
 * "success" while nothing arrived, koodo-reader#1368).
 */
export interface FetchSummary {
  fetched: number;
  /** Left alone because the history knows this version of the file. */
  known: number;
  failed: number;
  duplicates: number;
  cancelled: number;
}

export function summarize(outcomes: readonly FetchOutcome[], known = 0): FetchSummary {
  const count = (outcome: FetchOutcome) => outcomes.filter((each) => each === outcome).length;
  return { fetched: count('fetched'), known, failed: count('failed'), duplicates: count('duplicate'), cancelled: count('cancelled') };
}

/** The code a failed call is told by; anything that is no WebdavError is 'failed' (an abort is 'cancelled'). */
export function webdavErrorCode(error: unknown): WebdavErrorCode {
  if (error instanceof WebdavError) return error.code;
  if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
  return 'failed';
}

/** What the viewer says about a failed folder listing: a WebdavErrorCode, or that no password is there to send. */
export type ListingProblem = WebdavErrorCode | 'passwordMissing';

/**
 * A 401 for a login sent without a password is no wrong password: the store kept it for an earlier
 * visit only (plain-http site, no keyring) or it was never typed. The page asks for it instead.
 */
export function listingProblem(error: unknown, connection: Pick<WebdavConnection, 'authType' | 'password'>): ListingProblem {
  const code = webdavErrorCode(error);
  return code === 'unauthorized' && connection.authType === 'basic' && connection.password === '' ? 'passwordMissing' : code;
}

/** The file handed to the library's import queue: the server's name and modification time. */
export function remoteFile(item: Pick<WebdavItem, 'name' | 'modified' | 'contentType'>, blob: Blob): File {
  return new File([blob], item.name, { type: blob.type || item.contentType || '', lastModified: item.modified ?? Date.now() });
}
