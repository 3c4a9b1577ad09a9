import { BookOutlined, FolderOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/format';
import { proxy } from '@/platform';
import { readCloudList } from '@shared/books/cloud-list';
import type { CloudList } from '@shared/books/cloud-list';
import type { ImportResult } from './library.store';
import { useCloudLists } from './cloud-lists.store';
import { checkListUrl, cloudItems, cloudProblem, cloudSourceId, downloadCloudFile, fetchCloudList, newCloudItems } from './cloud.service';
import type { CloudItem, CloudProblem } from './cloud.service';
import { FetchRunView } from './FetchRunView';
import { RemoteBookRow } from './RemoteBookRow';
import { useRemoteFetch } from './use-remote-fetch';
import type { FetchRunLabels } from './FetchRunView';
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
  const sourceId = shown ? cloudSourceId(shown.kind === 'url' ? shown.listUrl : undefined) : undefined;
  const { known, selected, setSelected, toggle, run, setRun, busy, start, cancel } = useRemoteFetch(sourceId);

  useEffect(() => {
    if (shown?.kind !== 'url') return;
    const controller = new AbortController();
    fetchCloudList(proxy, shown.page, controller.signal).then(
      (list) => !controller.signal.aborted && setListing({ of: shown, result: { state: 'ready', list } }),
      (error: unknown) => !controller.signal.aborted && setListing({ of: shown, result: { state: 'failed', code: cloudProblem(error) } }),
    );
    return () => controller.abort();
  }, [shown]);

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

  const download = (chosen: CloudItem[], skipped: number) =>
    void start(chosen, skipped, {
      keyOf: (item) => item.key,
      errorCode: cloudProblem,
      download: (item, options) => downloadCloudFile(proxy, item.path, options),
      importFiles: onFiles,
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
          {items.map((item) => (
            <RemoteBookRow
              key={item.path}
              icon={<BookOutlined className="bl-dav-item__icon" />}
              name={item.title}
              meta={`${item.author ?? t('cloud.unknownAuthor')}${item.format ? ` · ${item.format.toUpperCase()}` : ''}${item.size > 0 ? ` · ${formatFileSize(item.size)}` : ''}`}
              downloaded={known.has(item.key)}
              downloadedText={t('cloud.downloaded')}
              selected={selected.has(item.path)}
              selectLabel={t('cloud.select', { title: item.title })}
              disabled={busy}
              onSelect={(on) => toggle(item.path, on)}
              data={{ 'data-testid': 'cloud-book', 'data-title': item.title }}
            />
          ))}
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
              download(
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
            onClick={() => download(fresh, items.length - fresh.length)}
            loading={busy}
            disabled={busy}
            data-testid="cloud-download-new"
          >
            {t('cloud.downloadNew')}
          </Button>
        </div>
      ) : null}
      {loginMissing ? <WebdavErrorAlert source="cloud" code="loginRequired" testId="cloud-run-error" /> : null}
      <FetchRunView run={run} labels={LABELS} busy={busy} onCancel={cancel} />
      {body()}
    </div>
  );
}
