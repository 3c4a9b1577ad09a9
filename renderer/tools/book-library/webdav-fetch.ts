import { BatchJobs } from '@/lib/batch-jobs';
import type { BatchItem } from '@/components/BatchList';
import { downloadKey } from '@shared/books/remote-sources';
import type { WebdavDownloadOptions, WebdavItem } from '@shared/contracts/webdav';
import type { StoredDownload } from '@/platform/storage';
import type { ImportErrorCode, ImportResult } from './library.store';
import { remoteFile, summarize, webdavErrorCode } from './webdav.service';
import type { FetchOutcome, FetchSummary } from './webdav.service';

/** What the runner needs of a remote file: a WebDAV item, or a cloud list's book file (its URL as the path). */
export type RemoteFile = Pick<WebdavItem, 'name' | 'size' | 'path' | 'modified' | 'contentType' | 'etag'>;

/** One file of a download, as the viewer lists it. */
export interface FetchRow extends BatchItem {
  path: string;
  outcome?: FetchOutcome;
  /** Why it failed: the source's code (WebDAV's or the cloud drawer's), or the import's (`import:` + its code). */
  errorCode?: string | `import:${ImportErrorCode}`;
  /** The stored book's title of a duplicate. */
  title?: string;
}

export interface FetchOptions<Item extends RemoteFile = WebdavItem> {
  /** The WebDAV entry's id or the cloud list's address: whose history the files join. */
  sourceId: string;
  items: readonly Item[];
  /** Files left out because the history knew them (a sync): counted in the summary. */
  known?: number;
  download: (item: Item, options: WebdavDownloadOptions) => Promise<Blob>;
  /** The history's key of a file; WebDAV's `downloadKey` unless the source has its own. */
  keyOf?: (item: Item) => string;
  /** The code a failed download is told by; WebDAV's codes unless the source has its own. */
  errorCode?: (error: unknown) => string;
  /** The library's import queue: the files get its rows, duplicate check and refusals, like dropped ones. */
  importFiles: (files: File[]) => Promise<ImportResult[]>;
  record: (download: Omit<StoredDownload, 'id'>) => Promise<unknown>;
  onRows: (rows: FetchRow[]) => void;
  /** Downloads at once: two keep a slow server busy without holding many books in memory. */
  concurrency?: number;
}

class FetchFailure extends Error {
  constructor(readonly code: NonNullable<FetchRow['errorCode']>) {
    super(code);
  }
}

/**
 * Downloads the files one job each (progress per file, cancel one or all), hands each to the
 * library's import queue as soon as it arrived, and records in the history what reached the shelf
 * or was there already — so the next sync skips it. A file whose import failed is not recorded: a
 * refusal for want of space would otherwise hide it from every later sync.
 */
export function fetchRemoteBooks<Item extends RemoteFile = WebdavItem>(
  options: FetchOptions<Item>,
): { done: Promise<FetchSummary>; cancel: (id?: string) => void } {
  const { sourceId, items, download, importFiles, record, onRows } = options;
  const keyOf = options.keyOf ?? downloadKey;
  const errorCode = options.errorCode ?? webdavErrorCode;
  let rows: FetchRow[] = items.map((item, index) => ({
    id: `f${index}`,
    name: item.name,
    // A cloud list often names no size: no "0 B" for it.
    ...(item.size > 0 ? { size: item.size } : {}),
    path: item.path,
    status: 'queued',
    progress: 0,
  }));
  const byId = new Map(rows.map((row, index) => [row.id, items[index]!]));
  const patch = (id: string, change: Partial<FetchRow>) => {
    rows = rows.map((row) => (row.id === id ? { ...row, ...change } : row));
    onRows(rows);
  };

  const jobs = new BatchJobs<Item, { outcome: FetchOutcome; title?: string }>({
    concurrency: options.concurrency ?? 2,
    progressInterval: 100,
    run: async (item, job) => {
      let blob: Blob;
      try {
        blob = await download(item, {
          signal: job.signal,
          onProgress: (loaded, total) => {
            const whole = total ?? item.size;
            if (whole > 0) job.progress(Math.min(0.9, (loaded / whole) * 0.9));
          },
        });
      } catch (error) {
        throw new FetchFailure(errorCode(error));
      }
      job.progress(0.95);
      const [result] = await importFiles([remoteFile(item, blob)]);
      if (!result || result.status === 'cancelled') throw new FetchFailure('cancelled');
      if (result.status === 'failed') throw new FetchFailure(`import:${result.code}`);
      await record({
        sourceId,
        key: keyOf(item),
        path: item.path,
        name: item.name,
        size: item.size,
        bookId: result.bookId,
        time: Date.now(),
      }).catch(() => undefined);
      return result.status === 'added' ? { outcome: 'fetched' } : { outcome: 'duplicate', title: result.title };
    },
    onUpdate: (id, update) => {
      if (update.status === 'done') patch(id, { status: 'done', progress: 1, outcome: update.result.outcome, title: update.result.title });
      else if (update.status === 'error') {
        const code = update.error instanceof FetchFailure ? update.error.code : 'failed';
        const cancelled = code === 'cancelled';
        patch(id, { status: cancelled ? 'cancelled' : 'error', progress: 0, outcome: cancelled ? 'cancelled' : 'failed', errorCode: code });
      } else if (update.status === 'cancelled') patch(id, { status: 'cancelled', progress: 0, outcome: 'cancelled' });
      else patch(id, { status: update.status, progress: update.progress });
    },
  });

  onRows(rows);
  for (const row of rows) jobs.add(row.id, byId.get(row.id)!);
  const done = jobs.idle().then(() =>
    summarize(
      rows.map((row) => row.outcome ?? 'cancelled'),
      options.known,
    ),
  );
  return { done, cancel: (id) => (id ? jobs.cancel(id) : jobs.cancelAll()) };
}
