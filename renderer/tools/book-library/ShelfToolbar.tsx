import { AppstoreOutlined, BarsOutlined, SearchOutlined } from '@ant-design/icons';
import { Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SORT_KEYS } from './book-library.service';
import type { SortKey, ViewMode } from './book-library.service';

export interface ShelfToolbarProps {
  query: string;
  onQuery: (query: string) => void;
  sort: SortKey;
  onSort: (sort: SortKey) => void;
  view: ViewMode;
  onView: (view: ViewMode) => void;
}

/** Search, sort and grid/list for a shelf with books: antd's, loaded with the first book (`lazyWithAntd`), so an empty shelf opens without antd. */
export default function ShelfToolbar({ query, onQuery, sort, onSort, view, onView }: ShelfToolbarProps) {
  const { t } = useTranslation('book-library');
  return (
    <div className="bl-toolbar">
      <Input
        allowClear
        className="bl-toolbar__search"
        prefix={<SearchOutlined />}
        placeholder={t('toolbar.search')}
        aria-label={t('toolbar.search')}
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        data-testid="shelf-search"
      />
      <Select<SortKey>
        className="bl-toolbar__sort"
        aria-label={t('toolbar.sort')}
        value={sort}
        onChange={onSort}
        options={SORT_KEYS.map((key) => ({ value: key, label: t(`sort.${key}`) }))}
        data-testid="shelf-sort"
      />
      <Segmented<ViewMode>
        aria-label={t('toolbar.view')}
        value={view}
        onChange={onView}
        options={[
          { value: 'grid', icon: <AppstoreOutlined />, label: t('view.grid') },
          { value: 'list', icon: <BarsOutlined />, label: t('view.list') },
        ]}
        data-testid="shelf-view"
      />
    </div>
  );
}
