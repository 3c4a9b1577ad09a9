import { Suspense, startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { FileDropZone } from '@/components/FileDropZone';
import { LinkButton } from '@/components/LinkButton';
import { Text } from '@/components/Text';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { usePreloadWhenIdle } from '@/lib/preload-when-idle';
import { platform } from '@/platform';
import { WorkerCrashed, excelWorker } from './excel-client';
import type { BookInfo, OpenFailure } from './model';
import '@/components/components.css';
import './excel.css';

const OPENER_KEYS: Record<string, 'doc' | 'ppt' | 'psd' | 'sketch' | 'compress' | 'image'> = {
  '/doc/preview': 'doc',
  '/ppt/preview': 'ppt',
  '/psd': 'psd',
  '/sketch': 'sketch',
  '/compress': 'compress',
  '/image/convert': 'image',
};

type Failure = OpenFailure | { code: 'crashed' };

// The workspace (toolbar, grid, tabs, dialogs) is built with antd and loads with the first file, or
// when the browser is idle after the first paint: the page opens with its open area alone.
const ExcelWorkspace = lazyWithAntd(() => import('./ExcelWorkspace'));

/** /excel: open, view, edit and export spreadsheets; the workbook lives in a worker. */
export default function ExcelPage() {
  const { t, i18n } = useTranslation('excel');
  const [fileName, setFileName] = useState('');
  const [opening, setOpening] = useState(false);
  /** A quick preview of a big workbook is shown while the worker reads all of it. */
  const [reading, setReading] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [book, setBook] = useState<BookInfo | null>(null);
  const openSeq = useRef(0);
  usePreloadWhenIdle(ExcelWorkspace.preload);

  const localize = (path: string) => (i18n.language === 'en' ? `/en${path}` : path);
  const open = async (file: File) => {
    const seq = (openSeq.current += 1);
    void ExcelWorkspace.preload().catch(() => undefined);
    setFileName(file.name);
    setOpening(true);
    setFailure(null);
    setBook(null);
    setReading(false);
    try {
      const result = await excelWorker.open(file, file.name);
      if (seq !== openSeq.current) return;
      // The first render of the grid and its toolbar is the largest piece of main-thread work while
      // a file opens; as a transition React splits it so no task passes 50 ms.
      startTransition(() => {
        if (!result.ok) setFailure(result.failure);
        else {
          setBook(result.book);
          setReading(Boolean(result.partial));
        }
        setOpening(false);
      });
    } catch (error) {
      if (seq !== openSeq.current) return;
      setFailure(error instanceof WorkerCrashed ? { code: 'crashed' } : { code: 'damaged' });
      setOpening(false);
    }
  };

  const openRef = useRef(open);
  useLayoutEffect(() => {
    openRef.current = open;
  });
  // The desktop app hands over spreadsheets the system opened with it ("Open with", a double-click).
  useEffect(() => platform.openedFiles.subscribe('/excel', (files) => void openRef.current(files[0]!)), []);

  // Called by the workspace once its grid has asked for the first cells of a preview.
  const readRest = useCallback(() => {
    const seq = openSeq.current;
    excelWorker
      .finish()
      .then((result) => {
        if (seq !== openSeq.current) return;
        startTransition(() => {
          if (result.ok) setBook(result.book);
          else {
            setBook(null);
            setFailure(result.failure);
          }
          setReading(false);
        });
      })
      .catch((error: unknown) => {
        if (seq !== openSeq.current) return;
        setBook(null);
        setFailure(error instanceof WorkerCrashed ? { code: 'crashed' } : { code: 'damaged' });
        setReading(false);
      });
  }, []);

  const failureMessage = (problem: Failure): ReactNode => {
    const name = fileName;
    if (problem.code === 'wrongType') {
      const key = problem.opener ? OPENER_KEYS[problem.opener] : undefined;
      return (
        <span>
          {t('errors.wrongType', { name, label: problem.label, tool: key ? t(`openers.${key}`) : '' })}{' '}
          {problem.opener && (
            <LinkButton type="link" size="small" to={localize(problem.opener)} data-testid="excel-opener">
              {key ? t(`openers.${key}`) : problem.opener}
            </LinkButton>
          )}
        </span>
      );
    }
    if (problem.code === 'unsupported') return t('errors.unsupported', { name });
    return t(`errors.${problem.code}`, { name });
  };

  const drop = (
    <FileDropZone
      multiple={false}
      // No accept filter: every file reaches the content check, which names the tool for a Word,
      // PowerPoint or PSD file instead of a bare "not accepted".
      compact={Boolean(book)}
      busy={opening}
      title={book ? t('openAnother') : t('dropTitle')}
      hint={t('dropHint')}
      onFiles={(files) => void open(files[0]!)}
      data-testid="excel-drop"
    />
  );

  return (
    <div className="xl-page">
      {!book && drop}
      {opening && (
        <Text role="status" className="xl-opening" data-testid="excel-opening">
          {t('opening', { name: fileName })}
        </Text>
      )}
      {reading && (
        <Text role="status" className="xl-opening" data-testid="excel-reading">
          {t('reading')}
        </Text>
      )}
      {failure && <Alert type="error" showIcon role="alert" data-testid="excel-error" message={failureMessage(failure)} />}
      {book?.notes?.styles && (
        <Text type="secondary" className="xl-note" data-testid="excel-styles-note">
          {t(book.notes.styles === 'fills' ? 'notes.stylesFills' : 'notes.stylesNone', { format: book.format.toUpperCase() })}
        </Text>
      )}
      {book?.notes?.unread && (
        <Text type="secondary" className="xl-note" data-testid="excel-unread-note">
          {t('notes.unread', {
            format: book.format.toUpperCase(),
            what: book.notes.unread
              .map((part) => (part === 'conditional' ? t('notes.unreadConditional') : t('notes.unreadPartialText')))
              .join(t('notes.unreadJoin')),
          })}
        </Text>
      )}
      {book?.circular && (
        <Alert type="warning" showIcon role="status" data-testid="excel-circular" message={t('circular', { cell: book.circular })} />
      )}
      {book && (
        <>
          <Suspense fallback={null}>
            <ExcelWorkspace book={book} fileName={fileName} reading={reading} onReadRest={readRest} onBook={setBook} />
          </Suspense>
          {drop}
        </>
      )}
    </div>
  );
}
