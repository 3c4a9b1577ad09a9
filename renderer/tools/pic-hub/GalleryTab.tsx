import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Checkbox } from '@/components/Checkbox';
import { copyText } from '@/components/clipboard';
import { Empty } from '@/components/Empty';
import { Icon } from '@/components/Icon';
import { Input } from '@/components/Input';
import { Pagination } from '@/components/Pagination';
import { Segmented } from '@/components/Segmented';
import { Select } from '@/components/Select';
import { Spin } from '@/components/Spin';
import { Tag } from '@/components/Tag';
import { debounce, formatFileSize } from '@/lib/format';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { toast } from '@/lib/notify';
import { picHubStorage } from '@/platform/storage';
import { LINK_FORMATS } from '@shared/contracts/pic-hub-base';
import type { HubFile, LinkFormat } from '@shared/contracts/pic-hub-base';
import type { ConfirmRequest } from './ConfirmDialog';
import { errorText } from './error-text';
import { visibleFiles } from './files.store';
import { hubLabel } from '@/components/github-hub/hub-form';
import { LazyThumb, observerMissing } from './LazyThumb';
import { PictureViewer } from './PictureViewer';
import { useFiles, useHubs, usePicHubSettings } from './stores';
import './storage-gallery.css';

const ConfirmDialog = lazyWithAntd(() => import('./ConfirmDialog'));

/** The thumbnail this browser kept at upload, made once per record so the card's effect does not rerun. */
const thumbs = new WeakMap<HubFile, () => Promise<Blob | undefined>>();
function storedThumb(file: HubFile) {
  let read = thumbs.get(file);
  if (!read) {
    read = () => picHubStorage.files.thumbnail(file);
    thumbs.set(file, read);
  }
  return read;
}

/** Cards per page: 4 rows of 6 on a wide screen, 12 rows of 2 on a phone. */
export const GALLERY_PAGE_SIZE = 24;

/** The links of the files in one format, one a line, as pasted into a post or a README. */
export function selectionLinks(
  files: readonly HubFile[],
  format: LinkFormat,
  linkOf: (file: HubFile, format: LinkFormat) => string,
): string {
  return files
    .map((file) => linkOf(file, format))
    .filter(Boolean)
    .join('\n');
}

/**
 * Spec §2's gallery (image management): the uploaded pictures newest first — this browser's records
 * for a visitor, the account's merged with them when logged in (the files store) — filtered by hub
 * and name, a page at a time, thumbnails loaded as they scroll into view from the active CDN
 * template. Selected pictures' links copy in any of the four formats; delete removes them from the
 * repository (a GitHub commit each) and the list, and a failure keeps the record and says why.
 */
export function GalleryTab() {
  const { t } = useTranslation('pic-hub');
  const files = useFiles((state) => state.files);
  const filter = useFiles((state) => state.filter);
  const selected = useFiles((state) => state.selected);
  const loading = useFiles((state) => state.loading);
  const loaded = useFiles((state) => state.loaded);
  const hasMore = useFiles((state) => state.hasMore);
  const loadError = useFiles((state) => state.error);
  const load = useFiles((state) => state.load);
  const loadMore = useFiles((state) => state.loadMore);
  const setFilter = useFiles((state) => state.setFilter);
  const toggle = useFiles((state) => state.toggle);
  const remove = useFiles((state) => state.remove);
  const linksOf = useFiles((state) => state.linksOf);
  const hubs = useHubs((state) => state.hubs);
  const systemHub = useHubs((state) => state.systemHub);
  const defaultFormat = usePicHubSettings((state) => state.linkFormat);
  // The links follow the active CDN template: a change there redraws them.
  const templates = usePicHubSettings((state) => state.githubCdns);
  const [format, setFormat] = useState<LinkFormat>(defaultFormat);
  const [keyword, setKeyword] = useState(filter.keyword);
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number>();
  const [confirm, setConfirm] = useState<ConfirmRequest & { gids: string[] }>();
  const [deleting, setDeleting] = useState(false);
  const asks = useRef(0);

  useEffect(() => {
    const state = useFiles.getState();
    if (!state.loaded && !state.loading) void load();
    const hubsState = useHubs.getState();
    if (!hubsState.loaded && !hubsState.loading) void hubsState.load();
  }, [load]);

  const applyKeyword = useMemo(() => debounce((value: string) => void setFilter({ keyword: value }), 300), [setFilter]);
  useEffect(() => () => applyKeyword.cancel(), [applyKeyword]);

  const shown = useMemo(() => visibleFiles({ files, filter }), [files, filter]);
  const pages = Math.max(1, Math.ceil(shown.length / GALLERY_PAGE_SIZE));
  const current = Math.min(page, pages);
  const pageFiles = shown.slice((current - 1) * GALLERY_PAGE_SIZE, current * GALLERY_PAGE_SIZE);
  const chosen = shown.filter((file) => selected.includes(file.gid));
  const pageAllChosen = pageFiles.length > 0 && pageFiles.every((file) => selected.includes(file.gid));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- templates: the active template changes every link
  const linkOf = useMemo(() => (file: HubFile, linkFormat: LinkFormat) => linksOf(file, linkFormat), [linksOf, templates]);

  const hubOptions = [
    { value: '', label: t('gallery.filter.allHubs') },
    ...[...hubs, ...(systemHub ? [systemHub] : [])].map((hub) => ({ value: hub.gid, label: hubLabel(hub.settings) })),
  ];

  const selectPage = (next: boolean) => {
    for (const file of pageFiles) if (selected.includes(file.gid) !== next) toggle(file.gid);
  };

  const copySelection = () => {
    copyText(selectionLinks(chosen, format, linkOf)).then(
      () => toast.success(t('gallery.actions.copied')),
      () => toast.error(t('gallery.actions.copyFailed')),
    );
  };

  const askDelete = () => {
    const withoutRepository = chosen.some((file) => file.type === 'GITHUB' && !file.sha);
    setConfirm({
      id: ++asks.current,
      gids: chosen.map((file) => file.gid),
      title: t('gallery.remove.title', { count: chosen.length }),
      content: withoutRepository ? `${t('gallery.remove.content')} ${t('gallery.remove.localOnly')}` : t('gallery.remove.content'),
      okText: t('gallery.remove.ok'),
      cancelText: t('gallery.remove.cancel'),
    });
  };

  const onAnswer = (id: number, confirmed: boolean) => {
    if (!confirmed || confirm?.id !== id) return;
    const gids = confirm.gids;
    const names = new Map(files.map((file) => [file.gid, file.name]));
    setDeleting(true);
    remove(gids, { fromRepository: true })
      .then(
        (outcome) => {
          if (outcome.removed.length > 0) toast.success(t('gallery.remove.done', { count: outcome.removed.length }));
          for (const failure of outcome.failed) {
            toast.error(t('gallery.remove.failed', { name: names.get(failure.gid) ?? failure.gid, reason: errorText(t, failure.kind) }));
          }
        },
        (error: unknown) => toast.error(errorText(t, error)),
      )
      .finally(() => setDeleting(false));
  };

  const body = () => {
    if (!loaded && loading) return <Spin tip={t('gallery.loading')} className="ph-gallery__loading" />;
    if (shown.length === 0) return <Empty description={t('gallery.empty')} data-testid="pic-hub-gallery-empty" />;
    return (
      <ul className="ph-cards" data-testid="pic-hub-gallery-list">
        {pageFiles.map((file) => {
          const isChosen = selected.includes(file.gid);
          const index = shown.indexOf(file);
          return (
            <li
              key={file.gid}
              className={isChosen ? 'ph-card ph-card--chosen' : 'ph-card'}
              data-testid="pic-hub-gallery-card"
              data-gid={file.gid}
            >
              <button
                type="button"
                className="ph-card__thumb"
                onClick={() => setViewing(index)}
                aria-label={t('gallery.actions.open', { name: file.name })}
                data-testid="pic-hub-gallery-open"
              >
                <LazyThumb src={linkOf(file, 'url')} alt={file.originalName || file.name} stored={storedThumb(file)} />
              </button>
              <Checkbox
                className="ph-card__check"
                checked={isChosen}
                onChange={() => toggle(file.gid)}
                aria-label={t('gallery.select.item', { name: file.name })}
                data-testid="pic-hub-gallery-check"
              />
              <div className="ph-card__info">
                <div className="ph-card__name" title={file.name} data-testid="pic-hub-gallery-name">
                  {file.name}
                </div>
                <div className="ph-card__meta">
                  <span>{formatFileSize(file.size)}</span>
                  <span>{file.createTime.slice(0, 10)}</span>
                  <Tag color={file.storage === 'REMOTE' ? 'blue' : 'default'} className="ph-card__tag">
                    {t(`gallery.meta.${file.storage}`)}
                  </Tag>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <div className="ph-gallery">
      {observerMissing() ? <Alert type="warning" showIcon message={t('gallery.noObserver')} /> : null}
      {loadError ? <Alert type="warning" showIcon message={errorText(t, loadError)} data-testid="pic-hub-gallery-error" /> : null}
      <div className="ph-gallery__filters">
        <Select<string>
          className="ph-gallery__hub"
          value={filter.hubId}
          onChange={(hubId) => {
            setPage(1);
            void setFilter({ hubId });
          }}
          options={hubOptions}
          aria-label={t('gallery.filter.hub')}
          data-testid="pic-hub-gallery-hub"
        />
        <Input
          className="ph-gallery__search"
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
            setPage(1);
            applyKeyword(event.target.value);
          }}
          allowClear
          prefix={<Icon icon={SearchOutlined} />}
          placeholder={t('gallery.filter.search')}
          aria-label={t('gallery.filter.search')}
          type="search"
          data-testid="pic-hub-gallery-search"
        />
      </div>
      <div className="ph-gallery__bar" data-testid="pic-hub-gallery-bar">
        <Checkbox checked={pageAllChosen} onChange={selectPage} disabled={pageFiles.length === 0} data-testid="pic-hub-gallery-select-page">
          {t('gallery.select.all')}
        </Checkbox>
        <span className="ph-gallery__count" data-testid="pic-hub-gallery-count">
          {chosen.length > 0 ? t('gallery.select.count', { count: chosen.length }) : t('gallery.total', { count: shown.length })}
        </span>
        <Segmented<LinkFormat>
          size="small"
          value={format}
          onChange={setFormat}
          options={LINK_FORMATS.map((value) => ({ value, label: t(`gallery.formats.${value}`) }))}
          aria-label={t('gallery.filter.format')}
          data-testid="pic-hub-gallery-format"
        />
        <span className="ph-gallery__actions">
          <Button
            icon={<Icon icon={CopyOutlined} />}
            disabled={chosen.length === 0}
            onClick={copySelection}
            data-testid="pic-hub-gallery-copy"
          >
            {t('gallery.actions.copy')}
          </Button>
          <Button
            danger
            icon={<Icon icon={DeleteOutlined} />}
            disabled={chosen.length === 0}
            loading={deleting}
            onClick={askDelete}
            onPointerEnter={() => void ConfirmDialog.preload()}
            data-testid="pic-hub-gallery-delete"
          >
            {t('gallery.actions.delete')}
          </Button>
        </span>
      </div>
      {body()}
      {shown.length > GALLERY_PAGE_SIZE ? (
        <Pagination
          current={current}
          total={shown.length}
          pageSize={GALLERY_PAGE_SIZE}
          onChange={setPage}
          data-testid="pic-hub-gallery-pages"
        />
      ) : null}
      {hasMore && current === pages ? (
        <div className="ph-gallery__more">
          <Button loading={loading} onClick={() => void loadMore()} data-testid="pic-hub-gallery-more">
            {t('gallery.more')}
          </Button>
        </div>
      ) : null}
      {viewing !== undefined && shown[viewing] ? (
        <PictureViewer
          files={shown}
          index={viewing}
          onIndex={setViewing}
          onClose={() => setViewing(undefined)}
          urlOf={(file) => linkOf(file, 'url')}
          linkOf={linkOf}
          storedOf={storedThumb}
        />
      ) : null}
      {confirm ? (
        <Suspense fallback={null}>
          <ConfirmDialog request={confirm} onAnswer={onAnswer} />
        </Suspense>
      ) : null}
    </div>
  );
}
