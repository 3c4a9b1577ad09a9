import { BookOutlined, FolderOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Input, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/format';
import { proxy } from '@/platform';
import { bookDownloads } from '@/platform/storage';
import { readCloudList } from '@shared/books/cloud-list';
import type { CloudList } from '@shared/books/cloud-list';
import type { ImportResult } from './library.store';
import { useCloudLists } from './cloud-lists.store';
import { checkListUrl, cloudItems, cloudProblem, cloudSourceId, downloadCloudFile, fetchCloudList, newCloudItems } from './cloud.service';
import type { CloudItem, CloudProblem } from './cloud.service';
import { fetchRemoteBooks } from './webdav-fetch';
import { FetchRunView } from './FetchRunView';
import type { FetchRun, FetchRunLabels } from './FetchRunView';
import { WebdavErrorAlert } from './WebdavError';

/** What is shown: a list URL (its first page is the history's name; paging and catalogues move `page`) or pasted text. */
type Listing = { state: 'loading' } | { state: 'failed'; code: CloudProblem } | { state: 'ready'; list: CloudList };
type Shown = { kind: 'url'; listUrl: string; page: string } | { kind: 'text'; result: Listing };

/** Pasted links are read on the spot: no network, and a list of at most 8 MB of text. */
function readPasted(text: string): Listing {
  try {
    return { state: 'ready', list: readCloudList(text) };
  } catch (error) {
    return { state: 'failed', code: cloudProblem(error) };
  }
}

const LABELS: FetchRunLabels = { texts: 'cloud', errors: 'cloud.errors', testId: 'cloud' };

/**
 * The cloud import drawer's body (spec §2, issue 15): a list or OPDS address (fetched through the
 * proxy's `book` purpose) or pasted links; books listed with what was fetched before marked; pick or
 * "select all new", download through the same runner, import queue and history as WebDAV.
 */
export function CloudSource({ onFiles }: { onFiles: (files: File[]) => Promise<ImportResult[]> }) {
  const { t } = useTranslation('book-library');
  const recent = useCloudLists((state) => state.recent);
  const remember = useCloudLists((state) => state.remember);
  const [urlText, setUrlText] = useState('');
  const [pasted, setPasted] = useState('');
  const [addressProblem, setAddressProblem] = useState(false);
  const [shown, setShown] = useState<Shown | undefined>();
  const [listing, setListing] = useState<{ of: Shown; result: Listing } | undefined>();
  const [known, setKnown] = useState<ReadonlySet<string>>(new Set());
  const [historyRead, setHistoryRead] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [run, setRun] = useState<FetchRun | undefined>();
  const [busy, setBusy] = useState(false);
  const cancelRun = useRef<((id?: string) => void) | undefined>(undefined);
  const sourceId = shown ? cloudSourceId(shown.kind === 'url' ? shown.listUrl : undefined) : undefined;

  useEffect(() => {
    if (shown?.kind !== 'url') return;
    const controller = new AbortController();
    fetchCloudList(proxy, shown.page, controller.signal).then(
      (list) => !controller.signal.aborted && setListing({ of: shown, result: { state: 'ready', list } }),
      (error: unknown) => !controller.signal.aborted && setListing({ of: shown, result: { state: 'failed', code: cloudProblem(error) } }),
    );
    return () => controller.abort();
  }, [shown]);

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

  const current: Listing | undefined = !shown
    ? undefined
    : shown.kind === 'text'
      ? shown.result
      : listing?.of === shown
        ? listing.result
        : { state: 'loading' };
  const list = current?.state === 'ready' ? current.list : undefined;
  const items = useMemo(() => (list ? cloudItems(list.books) : []), [list]);
  const fresh = useMemo(() => newCloudItems(items, known), [items, known]);

  const show = (next: Shown) => {
    setShown(next);
    setSelected(new Set());
    setRun(undefined);
  };
  const openUrl = (text: string) => {
    const url = checkListUrl(text);
    setAddressProblem(!url);
    if (!url) return;
    setUrlText(url);
    remember(url);
    show({ kind: 'url', listUrl: url, page: url });
  };
  const page = (url: string) => shown?.kind === 'url' && show({ ...shown, page: url });

  const start = async (chosen: CloudItem[], skipped: number) => {
    if (!sourceId) return;
    if (chosen.length === 0) {
      setRun({ rows: [], nothingNew: skipped });
      return;
    }
    setBusy(true);
    setSelected(new Set());
    const fetching = fetchRemoteBooks<CloudItem>({
      sourceId,
      items: chosen,
      known: skipped,
      keyOf: (item) => item.key,
      errorCode: cloudProblem,
      download: (item, options) => downloadCloudFile(proxy, item.path, options),
      importFiles: onFiles,
      record: (download) => bookDownloads.record(download),
      onRows: (rows) => setRun((previous) => ({ ...previous, rows })),
    });
    cancelRun.current = fetching.cancel;
    const summary = await fetching.done;
    cancelRun.current = undefined;
    setRun((previous) => ({ rows: previous?.rows ?? [], summary }));
    setBusy(false);
    setHistoryRead((count) => count + 1);
  };

  const toggle = (path: string, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });

  // A refusal that stops every book (no login) is said once, with the way to log in.
  const loginMissing = run?.rows.some((row) => row.errorCode === 'loginRequired');

  const body = () => {
    if (!current) return null;
    if (current.state === 'loading')
      return (
        <div className="bl-state">
          <Spin />
          <Typography.Text type="secondary">{t('cloud.loading')}</Typography.Text>
        </div>
      );
    if (current.state === 'failed') return <WebdavErrorAlert source="cloud" code={current.code} />;
    if (!list) return null;
    return (
      <>
        {list.title ? <Typography.Title level={5}>{list.title}</Typography.Title> : null}
        {list.navigation.length > 0 ? (
          <ul className="bl-dav-list" data-testid="cloud-navigation" aria-label={t('cloud.catalogues')}>
            {list.navigation.map((link) => (
              <li key={link.url} className="bl-dav-item">
                <button type="button" className="bl-dav-item__folder" onClick={() => page(link.url)} data-testid="cloud-catalogue">
                  <FolderOutlined className="bl-dav-item__icon" />
                  <span className="bl-dav-item__name">{link.title}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <ul className="bl-dav-list" data-testid="cloud-list">
          {items.map((item) => {
            const downloaded = known.has(item.key);
            return (
              <li
                key={item.path}
                className="bl-dav-item"
                data-testid="cloud-book"
                data-title={item.title}
                data-downloaded={String(downloaded)}
              >
                <Checkbox
                  checked={selected.has(item.path)}
                  onChange={(event) => toggle(item.path, event.target.checked)}
                  aria-label={t('cloud.select', { title: item.title })}
                  disabled={busy}
                />
                <BookOutlined className="bl-dav-item__icon" />
                <span className="bl-dav-item__text">
                  <span className="bl-dav-item__name">{item.title}</span>
                  <span className="bl-dav-item__meta">
                    {item.author ?? t('cloud.unknownAuthor')}
                    {item.format ? ` · ${item.format.toUpperCase()}` : ''}
                    {item.size > 0 ? ` · ${formatFileSize(item.size)}` : ''}
                  </span>
                </span>
                {downloaded ? (
                  <Tag color="success" className="bl-dav-item__tag">
                    {t('cloud.downloaded')}
                  </Tag>
                ) : null}
              </li>
            );
          })}
        </ul>
        {items.length === 0 && list.navigation.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cloud.noBooks')} />
        ) : null}
        {list.skipped > 0 ? <Typography.Text type="secondary">{t('cloud.skipped', { count: list.skipped })}</Typography.Text> : null}
        {list.pages.previous || list.pages.next ? (
          <div className="bl-dav__actions">
            <Button
              icon={<LeftOutlined />}
              disabled={!list.pages.previous}
              onClick={() => list.pages.previous && page(list.pages.previous)}
              data-testid="cloud-previous"
            >
              {t('cloud.previous')}
            </Button>
            <Button disabled={!list.pages.next} onClick={() => list.pages.next && page(list.pages.next)} data-testid="cloud-next">
              {t('cloud.next')} <RightOutlined />
            </Button>
          </div>
        ) : null}
      </>
    );
  };

  return (
    <div className="bl-dav" data-testid="cloud-source">
      <Typography.Paragraph type="secondary" className="bl-dav__intro">
        {t('cloud.intro')}
      </Typography.Paragraph>
      <label className="bl-cloud__label" htmlFor="bl-cloud-url">
        {t('cloud.url')}
      </label>
      <Input.Search
        id="bl-cloud-url"
        value={urlText}
        onChange={(event) => setUrlText(event.target.value)}
        onSearch={openUrl}
        placeholder={t('cloud.urlPlaceholder')}
        enterButton={t('cloud.open')}
        status={addressProblem ? 'error' : undefined}
        inputMode="url"
        data-testid="cloud-url"
      />
      {addressProblem ? <WebdavErrorAlert source="cloud" code="addressInvalid" testId="cloud-address-error" /> : null}
      {recent.length > 0 ? (
        <div className="bl-cloud__recent">
          <Typography.Text type="secondary">{t('cloud.recent')}</Typography.Text>
          {recent.map((url) => (
            <Button key={url} type="link" size="small" onClick={() => openUrl(url)} data-testid="cloud-recent" title={url}>
              {url}
            </Button>
          ))}
        </div>
      ) : null}
      <label className="bl-cloud__label" htmlFor="bl-cloud-paste">
        {t('cloud.paste')}
      </label>
      <Input.TextArea
        id="bl-cloud-paste"
        value={pasted}
        onChange={(event) => setPasted(event.target.value)}
        placeholder={t('cloud.pastePlaceholder')}
        autoSize={{ minRows: 2, maxRows: 6 }}
        data-testid="cloud-paste"
      />
      <Button onClick={() => show({ kind: 'text', result: readPasted(pasted) })} data-testid="cloud-read-pasted">
        {t('cloud.readPasted')}
      </Button>
      {list && items.length > 0 ? (
        <div className="bl-dav__actions">
          <Button
            onClick={() => setSelected(selected.size > 0 ? new Set() : new Set(fresh.map((item) => item.path)))}
            disabled={busy || (selected.size === 0 && fresh.length === 0)}
            data-testid="cloud-select-new"
          >
            {selected.size > 0 ? t('cloud.clearSelection') : t('cloud.selectAllNew')}
          </Button>
          <Button
            onClick={() =>
              void start(
                items.filter((item) => selected.has(item.path)),
                0,
              )
            }
            disabled={busy || selected.size === 0}
            data-testid="cloud-download"
          >
            {t('cloud.download', { count: selected.size })}
          </Button>
          <Button
            type="primary"
            onClick={() => void start(fresh, items.length - fresh.length)}
            loading={busy}
            disabled={busy}
            data-testid="cloud-download-new"
          >
            {t('cloud.downloadNew')}
          </Button>
        </div>
      ) : null}
      {loginMissing ? <WebdavErrorAlert source="cloud" code="loginRequired" testId="cloud-run-error" /> : null}
      <FetchRunView run={run} labels={LABELS} busy={busy} onCancel={(id) => cancelRun.current?.(id)} />
      {body()}
    </div>
  );
}
