/**
 * The cloud import drawer's model (issue 15): a list URL or pasted text read into books, the files
 * the history does not know, and every failure as one code the drawer translates. The proxy is a
 * parameter, so all of it runs under Node against a real HTTP server in the tests.
 */
import { CloudListError, readCloudList } from '@shared/books/cloud-list';
import type { CloudBook, CloudBookFormat, CloudList, CloudListErrorCode } from '@shared/books/cloud-list';
import { cloudDownloadKey } from '@shared/books/remote-sources';
import { PROXY_HEADERS } from '@shared/contracts/proxy';
import type { WebdavDownloadOptions } from '@shared/contracts/webdav';
import type { ProxyClient, ProxyErrorKind } from '@/http/proxy';
import type { RemoteFile } from './webdav-fetch';

/** Why a list or a book could not be had: a key under `cloud.errors`. */
export type CloudProblem =
  | CloudListErrorCode
  | 'addressInvalid'
  | 'loginRequired'
  | 'refused'
  | 'responseTooLarge'
  | 'wrongType'
  | 'timeout'
  | 'unreachable'
  | 'notFound'
  | 'httpStatus'
  | 'cancelled'
  | 'failed';

export class CloudFetchError extends Error {
  constructor(
    readonly code: CloudProblem,
    readonly status?: number,
  ) {
    super(status ? `cloud ${code} (${status})` : `cloud ${code}`);
    this.name = 'CloudFetchError';
  }
}

/** The proxy's refusal keys, by what the user can do about them. */
const REFUSAL_PROBLEMS: Record<string, CloudProblem> = {
  'proxy.timeout': 'timeout',
  'proxy.responseTypeNotAllowed': 'wrongType',
  'proxy.responseTooLarge': 'responseTooLarge',
  'proxy.upstreamFailed': 'unreachable',
  'proxy.dnsFailed': 'unreachable',
  'proxy.certificateInvalid': 'unreachable',
  'proxy.tooManyRedirects': 'unreachable',
};

// Told by shape, not instanceof: the platform index that exports ProxyError needs a browser.
const isProxyError = (error: unknown): error is { kind: ProxyErrorKind; keys: readonly string[] } =>
  error instanceof Error && error.name === 'ProxyError';

export function cloudProblem(error: unknown): CloudProblem {
  if (error instanceof CloudFetchError || error instanceof CloudListError) return error.code;
  if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
  if (isProxyError(error)) {
    if (error.kind === 'unauthorized') return 'loginRequired';
    if (error.kind === 'responseTooLarge') return 'responseTooLarge';
    if (error.kind === 'network') return 'unreachable';
    for (const key of error.keys) if (REFUSAL_PROBLEMS[key]) return REFUSAL_PROBLEMS[key];
    // A private address, a blocked port, a bad URL, too many requests: the site will not forward it.
    return 'refused';
  }
  return 'failed';
}

/** A list address as typed: an absolute http(s) URL without a password in it. */
export function checkListUrl(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return undefined;
    return url.toString();
  } catch {
    return undefined;
  }
}

export type CloudProxy = Pick<ProxyClient, 'fetch' | 'bytes'>;

async function get(proxy: CloudProxy, url: string, signal?: AbortSignal): Promise<Response> {
  const response = await proxy.fetch('book', url, signal ? { signal } : {});
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new CloudFetchError(response.status === 404 || response.status === 410 ? 'notFound' : 'httpStatus', response.status);
  }
  return response;
}

/** A list or feed page from its URL; relative links resolve against where the proxy ended up (after redirects). */
export async function fetchCloudList(proxy: CloudProxy, url: string, signal?: AbortSignal): Promise<CloudList> {
  const response = await get(proxy, url, signal);
  const text = new TextDecoder().decode(await proxy.bytes(response));
  return readCloudList(text, response.headers.get(PROXY_HEADERS.url) ?? url);
}

/** One book file through the proxy's `book` purpose, with progress as it arrives. */
export async function downloadCloudFile(proxy: CloudProxy, url: string, options: WebdavDownloadOptions = {}): Promise<Blob> {
  const { signal, onProgress } = options;
  const response = await get(proxy, url, signal);
  const type = response.headers.get('Content-Type') ?? '';
  if (!onProgress || !response.body) return new Blob([(await proxy.bytes(response)) as Uint8Array<ArrayBuffer>], { type });
  const total = Number(response.headers.get('Content-Length')) || undefined;
  let loaded = 0;
  // Counted on the way through, then read whole by the proxy client, which tells a cut body at the cap.
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.length;
        onProgress(loaded, total);
        controller.enqueue(chunk);
      },
    }),
  );
  const bytes = await proxy.bytes(new Response(counted, { headers: response.headers }));
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
}

/** A book as the drawer lists and downloads it: its preferred file, keyed for the history. */
export interface CloudItem extends RemoteFile {
  key: string;
  title: string;
  author?: string;
  format?: CloudBookFormat;
}

export function cloudItems(books: readonly CloudBook[]): CloudItem[] {
  return books.flatMap((book) => {
    const file = book.files[0];
    if (!file) return [];
    return [
      {
        key: cloudDownloadKey({
          url: file.url,
          ...(file.size ? { size: file.size } : {}),
          ...(book.updated ? { updated: book.updated } : {}),
        }),
        name: file.name,
        path: file.url,
        size: file.size ?? 0,
        ...(book.updated ? { modified: book.updated } : {}),
        ...(file.mediaType ? { contentType: file.mediaType } : {}),
        title: book.title,
        ...(book.author ? { author: book.author } : {}),
        ...(file.format ? { format: file.format } : {}),
      },
    ];
  });
}

/** The books whose file (in this version) the list's history does not know. */
export const newCloudItems = (items: readonly CloudItem[], known: ReadonlySet<string>) => items.filter((item) => !known.has(item.key));

/** Whose history a list's downloads join: the list's address, or one history for everything pasted (keys are URLs anyway). */
export const cloudSourceId = (listUrl: string | undefined) => `cloud:${listUrl ?? 'pasted'}`;

/** The recent list addresses, newest first, without repeats, at most `max`. */
export function rememberUrl(recent: readonly string[], url: string, max = 8): string[] {
  return [url, ...recent.filter((each) => each !== url)].slice(0, max);
}
