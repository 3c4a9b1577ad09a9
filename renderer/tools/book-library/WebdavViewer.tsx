import { ArrowUpOutlined, FileOutlined, FolderOutlined, ReloadOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Checkbox, Drawer, Empty, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/format';
import { downloadKey } from '@shared/books/remote-sources';
import type { WebdavCapability, WebdavConnection, WebdavEntry, WebdavItem } from '@shared/contracts/webdav';
import { bookDownloads } from '@/platform/storage';
import type { ImportResult } from './library.store';
import type { EntryServices } from './webdav-entries.store';
import { useWebdavEntries } from './webdav-entries.store';
import { fetchRemoteBooks } from './webdav-fetch';
import { breadcrumbs, entryLabel, folderView, listingProblem, newBooks, parentFolder } from './webdav.service';
import type { ListingProblem } from './webdav.service';
import { FetchRunView } from './FetchRunView';
import type { FetchRun, FetchRunLabels } from './FetchRunView';
import { WebdavErrorAlert } from './WebdavError';

type Listing = { state: 'loading' } | { state: 'failed'; code: ListingProblem } | { state: 'ready'; items: WebdavItem[] };

const LABELS: FetchRunLabels = { texts: 'webdav.viewer', errors: 'webdav.errors', testId: 'webdav' };

/**
 * The WebDAV viewer drawer (spec §2): one entry's folders, book files only, with what was fetched
 * before marked; pick files or "select all new", or sync the folder (everything the history does
 * not know). Files go through the library's import queue, and the result line counts exactly.
 */
export function WebdavViewer({
  entry,
  wide,
  onClose,
  ...rest
}: {
  entry: WebdavEntry | undefined;
  webdav: WebdavCapability;
  services: EntryServices;
  wide: boolean;
  onFiles: (files: File[]) => Promise<ImportResult[]>;
  onClose: () => void;
}) {
  return (
    <Drawer
      open={!!entry}
      onClose={onClose}
      title={entry ? entryLabel(entry) : undefined}
      placement={wide ? 'right' : 'bottom'}
      size={wide ? 640 : '90vh'}
      destroyOnHidden
      rootClassName="bl-dav-viewer"
    >
      {/* Keyed by entry: another server starts at its own folder, with its own password and history. */}
      {entry ? <ViewerBody key={entry.id} entry={entry} {...rest} /> : null}
    </Drawer>
  );
}

function ViewerBody({
  entry,
  webdav,
  services,
  onFiles,
}: {
  entry: WebdavEntry;
  webdav: WebdavCapability;
  services: EntryServices;
  onFiles: (files: File[]) => Promise<ImportResult[]>;
}) {
  const { t, i18n } = useTranslation('book-library');
  const password = useWebdavEntries((state) => state.password);
  const [folder, setFolder] = useState('');
  const [reload, setReload] = useState(0);
  // The answer for one folder and refresh: while the key differs, the folder is loading.
  const [listing, setListing] = useState<{ key: string; result: Listing } | undefined>();
  const [known, setKnown] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [run, setRun] = useState<FetchRun | undefined>();
  const [busy, setBusy] = useState(false);
  const cancelRun = useRef<((id?: string) => void) | undefined>(undefined);
  const connection = useRef<Promise<WebdavConnection> | undefined>(undefined);
  const listingKey = `${reload}\n${folder}`;

  const connect = useCallback((): Promise<WebdavConnection> => {
    connection.current ??= password(services, entry.id).then((secret) => ({
      serverURL: entry.serverURL,
      authType: entry.authType,
      username: entry.username,
      password: secret,
    }));
    return connection.current;
  }, [entry, password, services]);

  // The history is read again after each download and on refresh (bumping this).
  const [historyRead, setHistoryRead] = useState(0);
  const rememberKnown = () => setHistoryRead((count) => count + 1);
  useEffect(() => {
    let live = true;
    void bookDownloads
      .of(entry.id)
      .catch(() => [])
      .then((history) => {
        if (live) setKnown(new Set(history.map((download) => download.key)));
      });
    return () => {
      live = false;
    };
  }, [entry, historyRead]);

  useEffect(() => {
    const controller = new AbortController();
    const answer = (result: Listing) => {
      if (!controller.signal.aborted) setListing({ key: listingKey, result });
    };
    void connect().then((dav) =>
      webdav.list(dav, folder, { signal: controller.signal }).then(
        (items) => answer({ state: 'ready', items }),
        (error: unknown) => answer({ state: 'failed', code: listingProblem(error, dav) }),
      ),
    );
    return () => controller.abort();
  }, [folder, listingKey, connect, webdav]);

  // Closing the drawer stops what it was downloading.
  useEffect(() => () => cancelRun.current?.(), []);

  const current = useMemo<Listing>(
    () => (listing && listing.key === listingKey ? listing.result : { state: 'loading' }),
    [listing, listingKey],
  );
  const go = (path: string) => {
    setFolder(path);
    setSelected(new Set());
  };

  const view = useMemo(() => (current.state === 'ready' ? folderView(current.items, i18n.language) : undefined), [current, i18n.language]);
  const fresh = useMemo(() => (view ? newBooks(view.books, known) : []), [view, known]);

  const start = async (items: WebdavItem[], skipped: number) => {
    if (items.length === 0) {
      setRun({ rows: [], nothingNew: skipped });
      return;
    }
    setBusy(true);
    setSelected(new Set());
    const dav = await connect();
    const fetching = fetchRemoteBooks({
      sourceId: entry.id,
      items,
      known: skipped,
      download: (item, options) => webdav.download(dav, item.path, options),
      importFiles: onFiles,
      record: (download) => bookDownloads.record(download),
      onRows: (rows) => setRun((previous) => ({ ...previous, rows })),
    });
    cancelRun.current = fetching.cancel;
    const summary = await fetching.done;
    cancelRun.current = undefined;
    setRun((previous) => ({ rows: previous?.rows ?? [], summary }));
    setBusy(false);
    rememberKnown();
  };

  const sync = () => {
    if (!view) return;
    void start(fresh, view.books.length - fresh.length);
  };
  const downloadSelected = () => {
    if (!view) return;
    void start(
      view.books.filter((item) => selected.has(item.path)),
      0,
    );
  };
  const toggle = (path: string, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });

  const date = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short' });
  const crumbs = breadcrumbs(entry.serverURL, folder);
  const up = parentFolder(entry.serverURL, folder);
  const body = () => {
    if (current.state === 'loading')
      return (
        <div className="bl-state">
          <Spin />
          <Typography.Text type="secondary">{t('webdav.viewer.loading')}</Typography.Text>
        </div>
      );
    if (current.state === 'failed') return <WebdavErrorAlert code={current.code} />;
    if (!view) return null;
    return (
      <>
        <ul className="bl-dav-list" data-testid="webdav-list">
          {view.folders.map((item) => (
            <li key={item.path} className="bl-dav-item">
              <button
                type="button"
                className="bl-dav-item__folder"
                onClick={() => go(item.path)}
                aria-label={t('webdav.viewer.open', { name: item.name })}
                data-testid="webdav-folder"
                data-name={item.name}
              >
                <FolderOutlined className="bl-dav-item__icon" />
                <span className="bl-dav-item__name">{item.name}</span>
              </button>
            </li>
          ))}
          {view.books.map((item) => {
            const downloaded = known.has(downloadKey(item));
            return (
              <li
                key={item.path}
                className="bl-dav-item"
                data-testid="webdav-file"
                data-name={item.name}
                data-downloaded={String(downloaded)}
              >
                <Checkbox
                  checked={selected.has(item.path)}
                  onChange={(event) => toggle(item.path, event.target.checked)}
                  aria-label={t('webdav.viewer.select', { name: item.name })}
                  disabled={busy}
                />
                <FileOutlined className="bl-dav-item__icon" />
                <span className="bl-dav-item__text">
                  <span className="bl-dav-item__name">{item.name}</span>
                  <span className="bl-dav-item__meta">
                    {formatFileSize(item.size)}
                    {item.modified ? ` · ${date.format(item.modified)}` : ''}
                  </span>
                </span>
                {downloaded ? (
                  <Tag color="success" className="bl-dav-item__tag">
                    {t('webdav.viewer.downloaded')}
                  </Tag>
                ) : null}
              </li>
            );
          })}
        </ul>
        {view.books.length === 0 && view.folders.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webdav.viewer.emptyFolder')} />
        ) : null}
        {view.hidden > 0 ? <Typography.Text type="secondary">{t('webdav.viewer.hidden', { count: view.hidden })}</Typography.Text> : null}
      </>
    );
  };

  return (
    <div className="bl-dav">
      <div className="bl-dav__nav">
        <Button
          icon={<ArrowUpOutlined />}
          disabled={up === undefined}
          onClick={() => up !== undefined && go(up)}
          aria-label={t('webdav.viewer.back')}
          title={t('webdav.viewer.back')}
          data-testid="webdav-up"
        />
        <Breadcrumb
          className="bl-dav__crumbs"
          data-testid="webdav-crumbs"
          items={crumbs.map((crumb, index) => ({
            key: crumb.path || 'root',
            title:
              index === crumbs.length - 1 ? (
                crumb.name || t('webdav.viewer.root')
              ) : (
                <a
                  href="#"
                  onClick={(event) => {
                    event.preventDefault();
                    go(crumb.path);
                  }}
                >
                  {crumb.name || t('webdav.viewer.root')}
                </a>
              ),
          }))}
        />
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            rememberKnown();
            setReload((count) => count + 1);
          }}
          aria-label={t('webdav.viewer.refresh')}
          title={t('webdav.viewer.refresh')}
        />
      </div>
      {view ? (
        <div className="bl-dav__actions">
          <Button
            onClick={() => setSelected(selected.size > 0 ? new Set() : new Set(fresh.map((item) => item.path)))}
            disabled={busy || (selected.size === 0 && fresh.length === 0)}
            data-testid="webdav-select-new"
          >
            {selected.size > 0 ? t('webdav.viewer.clearSelection') : t('webdav.viewer.selectAllNew')}
          </Button>
          <Button onClick={downloadSelected} disabled={busy || selected.size === 0} data-testid="webdav-download">
            {t('webdav.viewer.download', { count: selected.size })}
          </Button>
          <Button type="primary" onClick={sync} loading={busy} disabled={busy} data-testid="webdav-sync">
            {t('webdav.viewer.sync')}
          </Button>
        </div>
      ) : null}
      <FetchRunView run={run} labels={LABELS} busy={busy} onCancel={(id) => cancelRun.current?.(id)} />
      {body()}
    </div>
  );
}
