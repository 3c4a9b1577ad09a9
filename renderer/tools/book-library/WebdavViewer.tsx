import { ArrowUpOutlined, FileOutlined, FolderOutlined, ReloadOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Drawer, Empty, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/format';
import { downloadKey } from '@shared/books/remote-sources';
import type { WebdavCapability, WebdavConnection, WebdavEntry, WebdavItem } from '@shared/contracts/webdav';
import type { ImportResult } from './library.store';
import type { EntryServices } from './webdav-entries.store';
import { useWebdavEntries } from './webdav-entries.store';
import { breadcrumbs, entryLabel, folderView, listingProblem, newBooks, parentFolder } from './webdav.service';
import type { ListingProblem } from './webdav.service';
import { FetchRunView } from './FetchRunView';
import { RemoteBookRow } from './RemoteBookRow';
import { useRemoteFetch } from './use-remote-fetch';
import type { FetchRunLabels } from './FetchRunView';
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
  const { known, selected, setSelected, toggle, run, busy, start, cancel, rereadHistory } = useRemoteFetch(entry.id);
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

  const download = (items: WebdavItem[], skipped: number) =>
    void start(items, skipped, {
      download: async (item, options) => webdav.download(await connect(), item.path, options),
      importFiles: onFiles,
    });

  const sync = () => {
    if (!view) return;
    download(fresh, view.books.length - fresh.length);
  };
  const downloadSelected = () => {
    if (!view) return;
    download(
      view.books.filter((item) => selected.has(item.path)),
      0,
    );
  };

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
          {view.books.map((item) => (
            <RemoteBookRow
              key={item.path}
              icon={<FileOutlined className="bl-dav-item__icon" />}
              name={item.name}
              meta={`${formatFileSize(item.size)}${item.modified ? ` · ${date.format(item.modified)}` : ''}`}
              downloaded={known.has(downloadKey(item))}
              downloadedText={t('webdav.viewer.downloaded')}
              selected={selected.has(item.path)}
              selectLabel={t('webdav.viewer.select', { name: item.name })}
              disabled={busy}
              onSelect={(on) => toggle(item.path, on)}
              data={{ 'data-testid': 'webdav-file', 'data-name': item.name }}
            />
          ))}
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
            rereadHistory();
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
      <FetchRunView run={run} labels={LABELS} busy={busy} onCancel={cancel} />
      {body()}
    </div>
  );
}
