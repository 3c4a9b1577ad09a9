import { DeleteOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Input, Progress, Segmented, Select, Slider, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredBookmark } from '@/platform/storage';
import type { TocItem } from 'foliate-js/view.js';
import { countHits, MAX_SEARCH_HITS } from './epub-reader.service';
import type { SearchGroup } from './epub-reader.service';
import { FLOWS, FONT_SIZE, FONTS, LINE_HEIGHT, MARGIN, THEMES } from './reader-settings';
import { useReaderSettings } from './reader-store';
import { Paragraph, Text } from '@/components/Text';

export type DrawerName = 'contents' | 'bookmarks' | 'search' | 'settings';

interface ShellProps {
  name: DrawerName;
  open: boolean;
  mobile: boolean;
  onClose: () => void;
  children: ReactNode;
  placement?: 'left' | 'right';
}

/** Spec §2: on phones a drawer is 90vw wide. */
function ReaderDrawer({ name, open, mobile, onClose, children, placement = 'left' }: ShellProps) {
  const { t } = useTranslation('epub-reader');
  return (
    <Drawer
      title={t(`${name}.title`)}
      open={open}
      onClose={onClose}
      placement={placement}
      size={mobile ? '90vw' : 380}
      destroyOnHidden={false}
      data-testid={`reader-${name}-drawer`}
    >
      {children}
    </Drawer>
  );
}

interface Common {
  open: boolean;
  mobile: boolean;
  onClose: () => void;
}

const tocTree = (items: readonly TocItem[], path: string): TreeDataNode[] =>
  items.map((item, at) => ({
    key: `${path}${at}`,
    title: item.label.trim() || '—',
    children: item.subitems?.length ? tocTree(item.subitems, `${path}${at}.`) : undefined,
  }));

const tocByKey = (items: readonly TocItem[], key: string): TocItem | undefined =>
  key
    .split('.')
    .reduce<TocItem | undefined>((found, at, depth) => (depth === 0 ? items[Number(at)] : found?.subitems?.[Number(at)]), undefined);

export function ContentsDrawer({
  toc,
  current,
  onJump,
  ...common
}: Common & { toc: readonly TocItem[]; current?: string; onJump: (href: string) => void }) {
  const { t } = useTranslation('epub-reader');
  const treeData = useMemo(() => tocTree(toc, ''), [toc]);
  const selected = useMemo(() => {
    const find = (items: readonly TocItem[], path: string): string | undefined => {
      for (const [at, item] of items.entries()) {
        if (item.href === current) return `${path}${at}`;
        const inner = item.subitems && find(item.subitems, `${path}${at}.`);
        if (inner) return inner;
      }
      return undefined;
    };
    return current ? find(toc, '') : undefined;
  }, [toc, current]);
  return (
    <ReaderDrawer name="contents" {...common}>
      {toc.length ? (
        <Tree
          treeData={treeData}
          blockNode
          defaultExpandAll={treeData.length < 60}
          selectedKeys={selected ? [selected] : []}
          onSelect={(_keys, { node }) => {
            const item = tocByKey(toc, String(node.key));
            if (item?.href) onJump(item.href);
          }}
          data-testid="reader-toc"
        />
      ) : (
        <Empty description={t('contents.empty')} />
      )}
    </ReaderDrawer>
  );
}

export function BookmarksDrawer({
  bookmarks,
  onJump,
  onRemove,
  ...common
}: Common & { bookmarks: readonly StoredBookmark[]; onJump: (cfi: string) => void; onRemove: (bookmark: StoredBookmark) => void }) {
  const { t, i18n } = useTranslation('epub-reader');
  const date = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);
  return (
    <ReaderDrawer name="bookmarks" placement="right" {...common}>
      {bookmarks.length ? (
        <ul className="er-list" data-testid="reader-bookmark-list">
          {bookmarks.map((bookmark) => (
            <li key={bookmark.id} className="er-list__item">
              <button type="button" className="er-list__jump" onClick={() => onJump(bookmark.cfi)} data-testid="reader-bookmark">
                <span className="er-list__text">{bookmark.content || '—'}</span>
                <Text type="secondary" className="er-list__meta">
                  {date.format(bookmark.createTime)}
                </Text>
              </button>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('bookmarks.remove')}
                title={t('bookmarks.remove')}
                onClick={() => onRemove(bookmark)}
                data-testid="reader-bookmark-remove"
              />
            </li>
          ))}
        </ul>
      ) : (
        <Empty description={t('bookmarks.empty')} />
      )}
    </ReaderDrawer>
  );
}

export interface SearchState {
  query: string;
  running: boolean;
  percent: number;
  groups: SearchGroup[];
  full: boolean;
  /** The query the shown results belong to (undefined before the first search). */
  searched?: string;
}

export function SearchDrawer({
  search,
  onQuery,
  onSearch,
  onCancel,
  onJump,
  ...common
}: Common & {
  search: SearchState;
  onQuery: (query: string) => void;
  onSearch: () => void;
  onCancel: () => void;
  onJump: (cfi: string) => void;
}) {
  const { t } = useTranslation('epub-reader');
  const count = countHits(search.groups);
  return (
    <ReaderDrawer name="search" placement="right" {...common}>
      <Input.Search
        value={search.query}
        onChange={(event) => onQuery(event.target.value)}
        onSearch={() => onSearch()}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        enterButton
        allowClear
        autoFocus
        data-testid="reader-search-input"
      />
      {search.running && (
        <div className="er-search__running" data-testid="reader-search-running">
          <Progress percent={search.percent} size="small" showInfo={false} />
          <Text type="secondary">{t('search.searching', { percent: search.percent })}</Text>
          <Button size="small" onClick={onCancel} data-testid="reader-search-cancel">
            {t('search.cancel')}
          </Button>
        </div>
      )}
      {search.searched !== undefined && !search.running && (
        <Paragraph type="secondary" className="er-search__summary" data-testid="reader-search-summary">
          {count ? t('search.results', { count }) : t('search.none', { query: search.searched })}
          {search.full && ` · ${t('search.capped', { count: MAX_SEARCH_HITS })}`}
        </Paragraph>
      )}
      {search.groups.map((group, at) => (
        <section key={at} className="er-search__group">
          {group.label && <Text strong>{group.label}</Text>}
          <ul className="er-list">
            {group.hits.map((hit) => (
              <li key={hit.cfi} className="er-list__item">
                <button type="button" className="er-list__jump" onClick={() => onJump(hit.cfi)} data-testid="reader-search-hit">
                  <span className="er-list__text">
                    {hit.excerpt.pre}
                    <mark>{hit.excerpt.match}</mark>
                    {hit.excerpt.post}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </ReaderDrawer>
  );
}

export function SettingsDrawer(common: Common) {
  const { t } = useTranslation('epub-reader');
  const settings = useReaderSettings();
  return (
    <ReaderDrawer name="settings" placement="right" {...common}>
      <div className="er-settings" data-testid="reader-settings">
        <label className="er-settings__row">
          <span>
            {t('settings.fontSize')} <Text type="secondary">{`${settings.fontSize}px`}</Text>
          </span>
          <Slider
            min={FONT_SIZE.min}
            max={FONT_SIZE.max}
            value={settings.fontSize}
            onChange={(fontSize) => settings.set({ fontSize })}
            aria-label={t('settings.fontSize')}
            data-testid="reader-font-size"
          />
        </label>
        <label className="er-settings__row">
          <span>{t('settings.font')}</span>
          <Select
            value={settings.font}
            onChange={(font) => settings.set({ font })}
            options={FONTS.map((font) => ({ value: font, label: t(`settings.fonts.${font}`) }))}
            aria-label={t('settings.font')}
            data-testid="reader-font"
          />
        </label>
        <label className="er-settings__row">
          <span>
            {t('settings.lineHeight')} <Text type="secondary">{settings.lineHeight}</Text>
          </span>
          <Slider
            min={LINE_HEIGHT.min}
            max={LINE_HEIGHT.max}
            step={0.1}
            value={settings.lineHeight}
            onChange={(lineHeight) => settings.set({ lineHeight })}
            aria-label={t('settings.lineHeight')}
          />
        </label>
        <label className="er-settings__row">
          <span>
            {t('settings.margin')} <Text type="secondary">{`${settings.margin}%`}</Text>
          </span>
          <Slider
            min={MARGIN.min}
            max={MARGIN.max}
            value={settings.margin}
            onChange={(margin) => settings.set({ margin })}
            aria-label={t('settings.margin')}
          />
        </label>
        <div className="er-settings__row">
          <span>{t('settings.theme')}</span>
          <Segmented
            block
            value={settings.theme}
            onChange={(theme) => settings.set({ theme })}
            options={THEMES.map((theme) => ({ value: theme, label: t(`settings.themes.${theme}`) }))}
            data-testid="reader-theme"
          />
        </div>
        <div className="er-settings__row">
          <span>{t('settings.flow')}</span>
          <Segmented
            block
            value={settings.flow}
            onChange={(flow) => settings.set({ flow })}
            options={FLOWS.map((flow) => ({ value: flow, label: t(`settings.flows.${flow}`) }))}
            data-testid="reader-flow"
          />
        </div>
        <Button onClick={settings.reset}>{t('settings.reset')}</Button>
      </div>
    </ReaderDrawer>
  );
}
