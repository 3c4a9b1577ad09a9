/**
 * Reading books from the user's WebDAV server (issue 15, spec §2/§3/§5). The website goes through the
 * API's guarded proxy (purpose `webdav`, which needs a login), because WebDAV servers send no CORS
 * headers; the desktop app calls the server from the main process. Both implement this contract, so
 * the library's drawers never ask which one they have.
 */
import type { SecretStore } from './secrets';

/** How the app proves who it is to the server: HTTP Basic with the entry's username and password, or nothing. */
export const WEBDAV_AUTH_TYPES = ['basic', 'none'] as const;
export type WebdavAuthType = (typeof WEBDAV_AUTH_TYPES)[number];

/**
 * A WebDAV server the user added (spec §3: id, serverURL, authType, username, storage 'local').
 * The password is kept apart, in `WebdavCapability.passwords` (the platform's secrets).
 */
export interface WebdavEntry {
  id: string;
  /** The folder the user gave, e.g. `https://dav.jianguoyun.com/dav/` — paths below are relative to its origin. */
  serverURL: string;
  authType: WebdavAuthType;
  username: string;
  storage: 'local';
}

/** What one call needs: the entry's address and login with its password read from the password store. */
export interface WebdavConnection {
  serverURL: string;
  authType: WebdavAuthType;
  username: string;
  password: string;
}

/** One member of a folder as PROPFIND describes it. */
export interface WebdavItem {
  /** Decoded path on the server, starting with '/', without a trailing '/' (folders too): what `list` and `download` take. */
  path: string;
  /** The last path segment, decoded (displayname when the server sends one). */
  name: string;
  kind: 'folder' | 'file';
  /** Bytes (getcontentlength); 0 for folders and when the server sends none. */
  size: number;
  /** getlastmodified as epoch milliseconds; absent when missing or unreadable. */
  modified?: number;
  /** getetag exactly as sent (quotes and W/ kept); absent on servers that send none (nginx's dav-ext, some NAS). */
  etag?: string;
  contentType?: string;
}

/**
 * Why a call failed, for the page to translate. Each named failure of issue 15 has its own code:
 * an unreachable server, a wrong password (401) and a timeout are told apart.
 */
export type WebdavErrorCode =
  /** DNS failure, refused or reset connection, TLS failure. */
  | 'unreachable'
  /** 401: wrong username or password. */
  | 'unauthorized'
  /** 403. */
  | 'forbidden'
  /** No answer within the time limit. */
  | 'timeout'
  /** 404: the folder or file is gone. */
  | 'notFound'
  /** An answer that is not a WebDAV multistatus (a web page, a 405): the address is not a WebDAV folder. */
  | 'notWebdav'
  /** A file over the size cap, or a folder listing over its caps (10 000 entries, 32 MB). */
  | 'tooLarge'
  /** Website only: the proxy needs a logged-in user. */
  | 'loginRequired'
  /** Website only: the proxy refused the address (private network, blocked port) or the rate limit. */
  | 'refused'
  /** The user cancelled. */
  | 'cancelled'
  /** Anything else (5xx, a malformed answer): the detail is for logs only. */
  | 'failed';

/** Every code, for reading one back from a message that crossed the desktop bridge. */
export const WEBDAV_ERROR_CODES = [
  'unreachable',
  'unauthorized',
  'forbidden',
  'timeout',
  'notFound',
  'notWebdav',
  'tooLarge',
  'loginRequired',
  'refused',
  'cancelled',
  'failed',
] as const satisfies readonly WebdavErrorCode[];
// Fails to compile when a code is added to the union above but not to the list.
const everyCodeListed: Exclude<WebdavErrorCode, (typeof WEBDAV_ERROR_CODES)[number]> extends never ? true : never = true;
void everyCodeListed;

export class WebdavError extends Error {
  constructor(
    readonly code: WebdavErrorCode,
    detail?: string,
  ) {
    super(detail ? `webdav ${code}: ${detail}` : `webdav ${code}`);
    this.name = 'WebdavError';
  }
}

export interface WebdavCallOptions {
  signal?: AbortSignal;
}

export interface WebdavDownloadOptions extends WebdavCallOptions {
  /** Called as bytes arrive (at most every ~100 ms); `total` from Content-Length, undefined when unknown. */
  onProgress?: (loaded: number, total: number | undefined) => void;
}

export interface WebdavCapability {
  /** Checks that the address is a WebDAV folder the login may read (PROPFIND Depth 0): the edit dialog's test. */
  check(connection: WebdavConnection, options?: WebdavCallOptions): Promise<void>;
  /** The members of one folder (PROPFIND Depth 1, the folder itself left out), folders first. `folderPath` '' or '/' is the serverURL's own folder. */
  list(connection: WebdavConnection, folderPath: string, options?: WebdavCallOptions): Promise<WebdavItem[]>;
  /** One file's bytes. */
  download(connection: WebdavConnection, filePath: string, options?: WebdavDownloadOptions): Promise<Blob>;
  /** The entries' passwords, keyed by entry id: the 'webdav' namespace of `platform.secrets`. */
  readonly passwords: SecretStore;
}

const CODE_PATTERN = new RegExp(`webdav (${WEBDAV_ERROR_CODES.join('|')})\\b`);

/**
 * The code of a failure, also after the desktop bridge: Electron's IPC passes only an error's
 * message (and prefixes it), so the code travels in the message, `webdav <code>: …`.
 */
export function webdavErrorCode(error: unknown): WebdavErrorCode | undefined {
  if (error instanceof WebdavError) return error.code;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const found = CODE_PATTERN.exec(message)?.[1];
  return WEBDAV_ERROR_CODES.find((code) => code === found);
}
