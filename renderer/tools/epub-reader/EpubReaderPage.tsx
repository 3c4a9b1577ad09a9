import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useLocalize } from '@/app/language';
import { Alert } from '@/components/Alert';
import { FileDropZone } from '@/components/FileDropZone';
import { LinkButton } from '@/components/LinkButton';
import { Panel } from '@/components/Panel';
import { Spin } from '@/components/Spin';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { platform } from '@/platform';
import { readerStorage, StorageError } from '@/platform/storage';
import type { StoredBook } from '@/platform/storage';
import { BookImportError } from '@shared/books/errors';
import './epub-reader.css';

// The reader (its drawers: contents tree, search, settings with selects and sliders) shows once a
// book is open: it loads while the book is read from the library, not before the start card.
const ReaderView = lazyWithAntd(() => import('./ReaderView').then((module) => ({ default: module.ReaderView })));

/** What the file picker offers; the import core decides by content, so this only guides the picker. */
const ACCEPT = '.epub,.mobi,.azw3,.azw,.fb2,.cbz,.txt,application/epub+zip,application/x-mobipocket-ebook';

type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'open'; book: StoredBook };

/**
 * /epub/reader: reads the book named by `?id=` from the library in this browser, or a file dropped
 * or picked here, which joins the library first so its place and bookmarks are kept.
 */
export default function EpubReaderPage() {
  const { t } = useTranslation('epub-reader');
  const localize = useLocalize();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  // The outcome belongs to the id it was reached for; any other id shows as loading until its own arrives.
  const [result, setResult] = useState<{ id: string | null; state: State }>({ id: null, state: { status: 'idle' } });
  const state: State = result.id === id ? result.state : { status: id ? 'loading' : 'idle' };
  const libraryHref = localize('/book/library');

  const storageMessage = useCallback(
    (error: unknown) => {
      if (error instanceof StorageError && error.code === 'outdated') return t('errors.outdated');
      if (error instanceof StorageError && error.code === 'quota') return t('errors.quota');
      return t('errors.storage', { message: error instanceof Error ? error.message : String(error) });
    },
    [t],
  );

  useEffect(() => {
    if (!id) return;
    let current = true;
    readerStorage.books
      .get(id)
      .then((book) => {
        if (!current) return;
        setResult((old) =>
          old.id === id && old.state.status === 'open' ? old : { id, state: book ? { status: 'open', book } : { status: 'missing' } },
        );
      })
      .catch((error: unknown) => current && setResult({ id, state: { status: 'failed', message: storageMessage(error) } }));
    return () => {
      current = false;
    };
  }, [id, storageMessage]);

  const openFile = useCallback(
    async (file: File) => {
      setResult({ id, state: { status: 'loading' } });
      try {
        // The book readers (and the encoding detector's tables, ~690 KB gz) load with the first file opened here, not with the page.
        const { createBookRecord } = await import('@/lib/books/book-record');
        const { book } = await createBookRecord(file);
        try {
          await readerStorage.books.add(book);
        } catch (error) {
          // The same book is already in the library: read that copy, with its place and bookmarks.
          if (!(error instanceof StorageError && error.code === 'exists')) throw error;
        }
        const stored = (await readerStorage.books.get(book.id)) ?? book;
        setResult({ id: book.id, state: { status: 'open', book: stored } });
        setParams({ id: book.id }, { replace: true });
      } catch (error) {
        setResult({
          id,
          state: {
            status: 'failed',
            message: error instanceof BookImportError ? t(`import.errors.${error.code}`, { name: file.name }) : storageMessage(error),
          },
        });
      }
    },
    [id, setParams, storageMessage, t],
  );

  // The desktop app hands over a book the system opened with it (file association); it joins the library like a dropped one.
  useEffect(() => platform.openedFiles.subscribe('/epub/reader', (files) => void openFile(files[0]!)), [openFile]);

  const openOther = useCallback(() => {
    setResult({ id: null, state: { status: 'idle' } });
    setParams({});
  }, [setParams]);

  useEffect(() => {
    if (state.status === 'loading') void ReaderView.preload().catch(() => undefined);
  }, [state.status]);

  if (state.status === 'open')
    return (
      <Suspense
        fallback={
          <Panel className="er-start">
            <div className="er-start__loading">
              <Spin />
            </div>
          </Panel>
        }
      >
        <ReaderView key={state.book.id} book={state.book} libraryHref={libraryHref} onOpenOther={openOther} />
      </Suspense>
    );

  return (
    <Panel className="er-start">
      <div className="er-start__column">
        {state.status === 'missing' && (
          <Alert
            type="warning"
            showIcon
            message={t('errors.missing')}
            action={
              <LinkButton size="small" to={libraryHref} data-testid="reader-missing-library">
                {t('toLibrary')}
              </LinkButton>
            }
            data-testid="reader-missing"
          />
        )}
        {state.status === 'failed' && <Alert type="error" showIcon message={state.message} data-testid="reader-error" />}
        {state.status === 'loading' ? (
          <div className="er-start__loading">
            <Spin />
          </div>
        ) : (
          <FileDropZone
            onFiles={(files) => void openFile(files[0]!)}
            accept={ACCEPT}
            multiple={false}
            title={t('drop.title')}
            hint={t('drop.hint')}
            data-testid="reader-drop"
          />
        )}
        <div>
          <LinkButton type="link" to={libraryHref} data-testid="reader-library-link">
            {t('toLibrary')}
          </LinkButton>
        </div>
      </div>
    </Panel>
  );
}
