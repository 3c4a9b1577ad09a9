import { AppstoreOutlined, BarsOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Empty, Input, Modal, Segmented, Select, Spin, Typography } from 'antd';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalize } from '@/app/language';
import { BatchList } from '@/components/BatchList';
import { FileDropZone } from '@/components/FileDropZone';
import { toast } from '@/lib/notify';
import { BookShelf } from './BookShelf';
import { ImportSources } from './ImportSources';
import { SORT_KEYS, filesToImport, shelfView } from './book-library.service';
import type { ShelfBook, SortKey, ViewMode } from './book-library.service';
import { useLibraryStore } from './library.store';
import type { ImportRow } from './library.store';
import { StorageMeter } from './StorageMeter';
import '@/components/components.css';
import './book-library.css';

/** /book/library: the books kept in this browser, their import, and the way into the reader. */
export default function BookLibraryPage() {
  const { t, i18n } = useTranslation('book-library');
  const localize = useLocalize();
  const [modal, modalHolder] = Modal.useModal();
  const {
    books,
    load,
    imports,
    added,
    takeAdded,
    view,
    sort,
    setView,
    setSort,
    refresh,
    refreshStorage,
    addFiles,
    importFiles,
    removeRow,
    clearRows,
    removeBook,
  } = useLibraryStore();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);

  useEffect(() => {
    void refresh();
    void refreshStorage();
    // Coming back from the reader in another tab: show where each book was left.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh, refreshStorage]);

  // One message per batch, once nothing is left running: a folder of books is one toast, not hundreds.
  const importing = imports.some((row) => row.status === 'queued' || row.status === 'running');
  useEffect(() => {
    if (importing || added.length === 0) return;
    const titles = takeAdded();
    if (titles.length === 1) toast.success(t('addedOne', { title: titles[0] }));
    else if (titles.length > 1) toast.success(t('addedMany', { count: titles.length }));
  }, [importing, added, takeAdded, t]);

  const shown = useMemo(
    () => shelfView(books, { query: deferredQuery, sort, language: i18n.language }),
    [books, deferredQuery, sort, i18n.language],
  );

  const onFiles = useCallback(
    (files: File[]) => {
      const { books: bookFiles, skipped } = filesToImport(files);
      if (skipped > 0) toast.info(t('folderSkipped', { count: skipped }));
      if (bookFiles.length > 0) addFiles(bookFiles);
    },
    [addFiles, t],
  );

  const rows = useMemo(
    () =>
      imports.map((row) => ({
        ...row,
        error:
          row.errorCode === 'componentUnavailable'
            ? t('componentUnavailable', { ns: 'components' })
            : row.errorCode
              ? t(`import.errors.${row.errorCode}`, { name: row.name, title: row.errorTitle ?? row.name, message: row.errorMessage ?? '' })
              : undefined,
      })),
    [imports, t],
  );
  const itemProps = useCallback(
    (row: ImportRow) => ({
      'data-testid': 'import-row',
      'data-file-name': row.name,
      'data-status': row.status,
      'data-error': row.errorCode ?? '',
    }),
    [],
  );

  const confirmDelete = async (book: ShelfBook) => {
    const confirmed = await modal.confirm({
      title: t('remove.title', { title: book.title }),
      content: t('remove.content'),
      okText: t('remove.ok'),
      cancelText: t('remove.cancel'),
      okButtonProps: { danger: true },
    });
    if (!confirmed) return;
    try {
      await removeBook(book.id);
      toast.success(t('remove.done', { title: book.title }));
    } catch (error) {
      toast.error(t('remove.failed', { message: error instanceof Error ? error.message : String(error) }));
    }
  };

  const readerHref = useCallback((book: ShelfBook) => localize(`/epub/reader?id=${encodeURIComponent(book.id)}`), [localize]);

  const shelfBody = () => {
    if (load.status === 'loading')
      return (
        <div className="bl-state">
          <Spin />
          <Typography.Text type="secondary">{t('shelf.loading')}</Typography.Text>
        </div>
      );
    if (load.status === 'failed')
      return (
        <Alert
          type="error"
          showIcon
          data-testid="shelf-error"
          message={
            load.code === 'outdated'
              ? t('shelf.loadOutdated')
              : load.code === 'unavailable'
                ? t('shelf.loadUnavailable')
                : t('shelf.loadFailed', { message: load.message })
          }
        />
      );
    if (books.length === 0)
      return (
        <Empty
          className="bl-state"
          data-testid="shelf-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong>{t('shelf.empty')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('shelf.emptyHint')}</Typography.Text>
            </>
          }
        />
      );
    if (shown.length === 0)
      return (
        <Empty
          className="bl-state"
          data-testid="shelf-no-match"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('shelf.noMatch', { query: deferredQuery.trim() })}
        />
      );
    return <BookShelf books={shown} view={view} readerHref={readerHref} onDelete={(book) => void confirmDelete(book)} />;
  };

  return (
    <div className="bl-page">
      <FileDropZone
        busy={importing}
        onFiles={onFiles}
        title={books.length > 0 ? t('drop.titleShort') : t('drop.title')}
        hint={books.length > 0 ? '' : t('drop.hint')}
        compact={books.length > 0}
        data-testid="book-drop"
      />
      {/* Under the drop zone, not in the shelf's toolbar: that appears with the first book, and moving there would close a source's drawer mid-download. */}
      <div className="bl-sources">
        <ImportSources onFiles={importFiles} />
      </div>
      <BatchList items={rows} itemProps={itemProps} onRemove={(row) => removeRow(row.id)} onClear={clearRows} />
      <section className="bl-shelf" aria-labelledby="bl-shelf-heading">
        <div className="bl-shelf__head">
          <Typography.Title level={2} id="bl-shelf-heading" className="bl-shelf__heading">
            {t('shelf.heading')}
            {books.length > 0 ? (
              <Typography.Text type="secondary" className="bl-shelf__count" data-testid="shelf-count">
                {shown.length === books.length
                  ? t('shelf.count', { count: books.length })
                  : t('shelf.matching', { shown: shown.length, count: books.length })}
              </Typography.Text>
            ) : null}
          </Typography.Title>
          <StorageMeter />
        </div>
        {books.length > 0 ? (
          <div className="bl-toolbar">
            <Input
              allowClear
              className="bl-toolbar__search"
              prefix={<SearchOutlined />}
              placeholder={t('toolbar.search')}
              aria-label={t('toolbar.search')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              data-testid="shelf-search"
            />
            <Select<SortKey>
              className="bl-toolbar__sort"
              aria-label={t('toolbar.sort')}
              value={sort}
              onChange={setSort}
              options={SORT_KEYS.map((key) => ({ value: key, label: t(`sort.${key}`) }))}
              data-testid="shelf-sort"
            />
            <Segmented<ViewMode>
              aria-label={t('toolbar.view')}
              value={view}
              onChange={setView}
              options={[
                { value: 'grid', icon: <AppstoreOutlined />, label: t('view.grid') },
                { value: 'list', icon: <BarsOutlined />, label: t('view.list') },
              ]}
              data-testid="shelf-view"
            />
          </div>
        ) : null}
        {shelfBody()}
      </section>
      {modalHolder}
    </div>
  );
}
