import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markdownStorage, type MarkdownDocumentSummary, type StoredMarkdownSnapshot } from '@/platform/storage';
import { isMarkdownFileName, MD_IMPORT_MAX_BYTES } from './import-rules';
import { DocumentSession, localStorageBackup, SessionError, type MdDocument, type SessionState } from './session';

/** An import's outcome, already translated, for the bar to show. */
export interface ImportOutcome {
  ok: boolean;
  message: string;
}

/**
 * What the page and the documents bar get: the port's MdDocumentsState (document, onChange,
 * resolveUrl, onImages, error) plus the list and the actions of the bar.
 */
export interface MdDocuments {
  document: MdDocument | undefined;
  onChange: (content: string) => void;
  resolveUrl: (url: string) => string | undefined;
  onImages: (files: File[]) => Promise<string>;
  error?: string;
  list: MarkdownDocumentSummary[];
  dirty: boolean;
  saveFailed: boolean;
  create: () => Promise<void>;
  open: (id: string) => Promise<void>;
  rename: (id: string, title: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
  snapshots: () => Promise<StoredMarkdownSnapshot[]>;
  restore: (snapshot: StoredMarkdownSnapshot) => Promise<void>;
  importFile: (file: File) => Promise<ImportOutcome>;
  /** Writes pending text now (before an export reads the database, say). */
  flush: () => Promise<void>;
  /** The preview's blob: URLs and their pictures, for an export to inline. */
  imageBlobs: () => Promise<Map<string, Blob>>;
}

const EMPTY: SessionState = { document: undefined, list: [], dirty: false, imagesVersion: 0, failed: false };

/** The documents of /md/editor for the page: one session per mount, saved when the page goes. */
export function useMdDocuments(): MdDocuments {
  const { t, i18n } = useTranslation('md-editor');
  const [state, setState] = useState<SessionState>(EMPTY);
  const [started, setStarted] = useState(false);
  const session = useMemo(
    () =>
      new DocumentSession({
        storage: markdownStorage,
        backup: localStorageBackup(),
        // Read when a document is made, so a language switch names the next one in the new language.
        untitled: () => i18n.getFixedT(null, 'md-editor')('documents.untitled'),
        onState: setState,
      }),
    [i18n],
  );

  useEffect(() => {
    let live = true;
    void session.start().then(() => live && setStarted(true));
    const hidden = () => session.pageHidden();
    const visibility = () => document.visibilityState === 'hidden' && session.pageHidden();
    window.addEventListener('pagehide', hidden);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      live = false;
      window.removeEventListener('pagehide', hidden);
      document.removeEventListener('visibilitychange', visibility);
      session.dispose();
    };
  }, [session]);

  const onChange = useCallback((content: string) => session.change(content), [session]);
  // A new function when pictures load, so the preview draws them again.
  const { imagesVersion } = state;
  const resolveUrl = useMemo(() => {
    void imagesVersion;
    return (url: string) => session.resolveUrl(url);
  }, [session, imagesVersion]);
  const onImages = useCallback(
    async (files: File[]) => {
      try {
        return await session.addImages(files);
      } catch (error) {
        const code = error instanceof SessionError ? error.code : 'storage';
        const key = code === 'imageType' ? 'imageType' : code === 'imageTooLarge' ? 'imageTooLarge' : 'imageFailed';
        throw new Error(t(`documents.${key}`), { cause: error });
      }
    },
    [session, t],
  );

  const importFile = useCallback(
    async (file: File): Promise<ImportOutcome> => {
      const name = file.name;
      if (!isMarkdownFileName(name)) return { ok: false, message: t('documents.importWrongType', { name }) };
      // Refused before reading: a huge file never reaches memory.
      if (file.size > MD_IMPORT_MAX_BYTES) return { ok: false, message: t('documents.importTooLarge', { name }) };
      try {
        const [{ decodeMarkdownFile }, bytes] = await Promise.all([import('./md-files'), file.arrayBuffer()]);
        const result = decodeMarkdownFile(name, new Uint8Array(bytes));
        if (!result.ok) {
          const key = result.error === 'tooLarge' ? 'importTooLarge' : result.error === 'wrongType' ? 'importWrongType' : 'importBinary';
          return { ok: false, message: t(`documents.${key}`, { name }) };
        }
        await session.create(result.title, result.content);
        return { ok: true, message: t('documents.imported', { title: result.title, encoding: result.encoding }) };
      } catch {
        return { ok: false, message: t('documents.importFailed', { name }) };
      }
    },
    [session, t],
  );

  const error = started && state.failed && !state.document ? t('documents.openFailed') : undefined;

  return {
    document: state.document,
    onChange,
    resolveUrl,
    onImages,
    error,
    list: state.list,
    dirty: state.dirty,
    saveFailed: state.failed && !!state.document,
    create: useCallback(() => session.create(), [session]),
    open: useCallback((id: string) => session.open(id), [session]),
    rename: useCallback((id: string, title: string) => session.rename(id, title), [session]),
    remove: useCallback((id: string) => session.remove(id), [session]),
    snapshots: useCallback(() => session.snapshots(), [session]),
    restore: useCallback((snapshot: StoredMarkdownSnapshot) => session.restore(snapshot), [session]),
    importFile,
    flush: useCallback(() => session.flush(), [session]),
    imageBlobs: useCallback(() => session.imageBlobs(), [session]),
  };
}
