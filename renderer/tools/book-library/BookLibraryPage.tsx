import { Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalize } from '@/app/language';
import { Alert } from '@/components/Alert';
import { BatchList } from '@/components/BatchList';
import { Empty } from '@/components/Empty';
import { FileDropZone } from '@/components/FileDropZone';
import { Spin } from '@/components/Spin';
import { Text, Title } from '@/components/Text';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { toast } from '@/lib/notify';
import { BookShelf } from './BookShelf';
import { ImportSources } from './ImportSources';
import { filesToImport, shelfView } from './book-library.service';
import type { ShelfBook } from './book-library.service';
import type { DeleteRequest } from './DeleteConfirm';
import { useLibraryStore } from './library.store';
import type { ImportRow } from './library.store';
import { StorageMeter } from './StorageMeter';
import '@/components/components.css';
import './book-library.css';

// antd's parts, loaded when first shown: an empty shelf opens without antd (plainFirstView).
const ShelfToolbar = lazyWithAntd(() => import('./ShelfToolbar'));
const DeleteConfirm = lazyWithAntd(() => import('./DeleteConfirm'));

/** /book/library: the books kept in this browser, their import, and the way into the reader. */
export default function BookLibraryPage() {
  const { t, i18n } = useTranslation('book-library');
  const localize = useLocalize();
  const [deleting, setDeleting] = useState<DeleteRequest | undefined>();
  const deleteCount = useRef(0);
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

  const confirmDelete = (book: ShelfBook) => setDeleting({ id: ++deleteCount.current, book });
  const onDeleteAnswer = useCallback(
    async (book: ShelfBook, confirmed: boolean) => {
      if (!confirmed) return;
      try {
        await removeBook(book.id);
        toast.success(t('remove.done', { title: book.title }));
      } catch (error) {
        toast.error(t('remove.failed', { message: error instanceof Error ? error.message : String(error) }));
      }
    },
    [removeBook, t],
  );

  const readerHref = useCallback((book: ShelfBook) => localize(`/epub/reader?id=${encodeURIComponent(book.id)}`), [localize]);

  const shelfBody = () => {
    if (load.status === 'loading')
      return (
        <div className="bl-state">
          <Spin />
          <Text type="secondary">{t('shelf.loading')}</Text>
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
          image="simple"
          description={
            <>
              <Text strong>{t('shelf.empty')}</Text>
              <br />
              <Text type="secondary">{t('shelf.emptyHint')}</Text>
            </>
          }
        />
      );
    if (shown.length === 0)
      return (
        <Empty
          className="bl-state"
          data-testid="shelf-no-match"
          image="simple"
          description={t('shelf.noMatch', { query: deferredQuery.trim() })}
        />
      );
    return <BookShelf books={shown} view={view} readerHref={readerHref} onDelete={confirmDelete} />;
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
          <Title level={2} id="bl-shelf-heading" className="bl-shelf__heading">
            {t('shelf.heading')}
            {books.length > 0 ? (
              <Text type="secondary" className="bl-shelf__count" data-testid="shelf-count">
                {shown.length === books.length
                  ? t('shelf.count', { count: books.length })
                  : t('shelf.matching', { shown: shown.length, count: books.length })}
              </Text>
            ) : null}
          </Title>
          <StorageMeter />
        </div>
        {books.length > 0 ? (
          // Until antd's toolbar is there, its row keeps its place, so the shelf does not jump when it arrives.
          <Suspense fallback={<div className="bl-toolbar bl-toolbar--loading" />}>
            <ShelfToolbar query={query} onQuery={setQuery} sort={sort} onSort={setSort} view={view} onView={setView} />
          </Suspense>
        ) : null}
        {shelfBody()}
      </section>
      {deleting ? (
        <Suspense fallback={null}>
          <DeleteConfirm request={deleting} onAnswer={onDeleteAnswer} />
        </Suspense>
      ) : null}
    </div>
  );
}
