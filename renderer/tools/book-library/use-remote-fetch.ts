import { useCallback, useEffect, useRef, useState } from 'react';
import { bookDownloads } from '@/platform/storage';
import type { FetchRun } from './FetchRunView';
import { fetchRemoteBooks } from './webdav-fetch';
import type { FetchOptions, RemoteFile } from './webdav-fetch';

/** What a source adds to a run: how it downloads, keys and names its failures, and where the files go. */
type SourceOptions<Item extends RemoteFile> = Pick<FetchOptions<Item>, 'download' | 'keyOf' | 'errorCode' | 'importFiles'>;

/**
 * A remote source's picking and downloading, the same in the WebDAV viewer and the list-import
 * drawer: what its history knows (read again after each run and on `rereadHistory`), the picked
 * paths, and one download run at a time through the shared runner, stopped when the drawer closes.
 */
export function useRemoteFetch(sourceId: string | undefined) {
  const [known, setKnown] = useState<ReadonlySet<string>>(new Set());
  const [historyRead, setHistoryRead] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [run, setRun] = useState<FetchRun | undefined>();
  const [busy, setBusy] = useState(false);
  const cancelRun = useRef<((id?: string) => void) | undefined>(undefined);

  useEffect(() => {
    if (!sourceId) return;
    let live = true;
    void bookDownloads
      .of(sourceId)
      .catch(() => [])
      .then((history) => live && setKnown(new Set(history.map((download) => download.key))));
    return () => {
      live = false;
    };
  }, [sourceId, historyRead]);

  // Closing the drawer stops what it was downloading.
  useEffect(() => () => cancelRun.current?.(), []);

  const rereadHistory = useCallback(() => setHistoryRead((count) => count + 1), []);

  const toggle = useCallback(
    (path: string, on: boolean) =>
      setSelected((previous) => {
        const next = new Set(previous);
        if (on) next.add(path);
        else next.delete(path);
        return next;
      }),
    [],
  );

  /** Downloads `items`; `skipped` books the history knew are counted (a sync), or said alone when nothing is left. */
  const start = async <Item extends RemoteFile>(items: Item[], skipped: number, source: SourceOptions<Item>): Promise<void> => {
    if (!sourceId) return;
    if (items.length === 0) {
      setRun({ rows: [], nothingNew: skipped });
      return;
    }
    setBusy(true);
    setSelected(new Set());
    const fetching = fetchRemoteBooks<Item>({
      ...source,
      sourceId,
      items,
      known: skipped,
      record: (download) => bookDownloads.record(download),
      onRows: (rows) => setRun((previous) => ({ ...previous, rows })),
    });
    cancelRun.current = fetching.cancel;
    const summary = await fetching.done;
    cancelRun.current = undefined;
    setRun((previous) => ({ rows: previous?.rows ?? [], summary }));
    setBusy(false);
    rereadHistory();
  };

  const cancel = useCallback((id?: string) => cancelRun.current?.(id), []);

  return { known, selected, setSelected, toggle, run, setRun, busy, start, cancel, rereadHistory };
}
