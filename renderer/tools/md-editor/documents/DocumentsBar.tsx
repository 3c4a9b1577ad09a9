import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Empty } from '@/components/Empty';
import { Input } from '@/components/Input';
import { Text } from '@/components/Text';
import { toast } from '@/lib/notify';
import { platform } from '@/platform';
import type { StoredMarkdownSnapshot } from '@/platform/storage';
import type { ExportSource } from './export';
import { MD_IMPORT_ACCEPT } from './import-rules';
import type { MdDocuments } from './use-md-documents';
import './documents.css';

export interface DocumentsBarProps {
  docs: MdDocuments;
  source: ExportSource;
}

type Drawer = 'list' | 'history' | 'export' | undefined;

/** The page's language as a BCP 47 tag: i18n's 'cn' is no locale Intl knows (it fell back to en-US). */
const localeOf = (language: string) => (language === 'en' ? 'en' : 'zh-CN');

const formatTime = (time: number, language: string) =>
  new Date(time).toLocaleString(localeOf(language), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * The documents bar of /md/editor: the open document's title (rename), save state, new, the list
 * (search, open, rename, delete with a confirm), versions, import and export. Plain components only,
 * so the page's first view needs no antd.
 */
export default function DocumentsBar({ docs, source }: DocumentsBarProps) {
  const { t, i18n } = useTranslation('md-editor');
  const [open, setOpen] = useState<Drawer>();
  // The title being typed, for the document it was typed in; the document's own title otherwise.
  const [draft, setDraft] = useState<{ id: string; title: string }>();
  const [importing, setImporting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const document = docs.document;

  const title = document && draft?.id === document.id ? draft.title : (document?.title ?? '');

  // The page shows the error in the editor's place; without a database the bar has nothing to offer.
  if (docs.error) return null;

  const toggle = (drawer: Drawer) => setOpen((current) => (current === drawer ? undefined : drawer));
  const commitTitle = () => {
    if (document && title.trim() !== document.title) void docs.rename(document.id, title).then(() => setDraft(undefined));
    else setDraft(undefined);
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    setImporting(true);
    try {
      for (const file of files) {
        const outcome = await docs.importFile(file);
        if (outcome.ok) toast.success(outcome.message);
        else toast.error(outcome.message);
      }
    } finally {
      setImporting(false);
    }
  };

  const exportAs = async (kind: 'md' | 'html' | 'pdf') => {
    if (!document) return;
    try {
      await docs.flush();
      const exporter = await import('./export');
      const input = {
        source,
        title: document.title,
        fallbackName: t('documents.untitled'),
        lang: localeOf(i18n.language),
        images: docs.imageBlobs,
        resolveUrl: docs.resolveUrl,
      };
      if (kind === 'md') await exporter.exportMarkdown(input);
      else if (kind === 'html') await exporter.exportHtml(input);
      else if (platform.pdf) {
        const saved = await exporter.savePdf(input, platform.pdf);
        if (saved) toast.success(t('documents.pdfSaved', { path: saved.savedPath }));
      } else {
        toast.info(t('documents.pdfHint'));
        await exporter.printPdf(input);
      }
    } catch {
      toast.error(t('documents.exportFailed'));
    }
  };

  return (
    <div className="md-docs" data-testid="md-docs">
      <div className="md-docs__bar">
        <Input
          className="md-docs__title"
          aria-label={t('documents.title')}
          value={title}
          maxLength={200}
          disabled={!document}
          onChange={(event) => document && setDraft({ id: document.id, title: event.target.value })}
          onBlur={commitTitle}
          onPressEnter={(event) => event.currentTarget.blur()}
          data-testid="md-doc-title"
        />
        <Text type={docs.saveFailed ? 'danger' : 'secondary'} className="md-docs__state" data-testid="md-save-state" aria-live="polite">
          {docs.saveFailed ? t('documents.saveFailed') : docs.dirty ? t('documents.saving') : t('documents.saved')}
        </Text>
        <div className="md-docs__actions">
          <Button size="small" onClick={() => void docs.create()} data-testid="md-new">
            {t('documents.newDocument')}
          </Button>
          <Button
            size="small"
            type={open === 'list' ? 'primary' : 'default'}
            aria-expanded={open === 'list'}
            onClick={() => toggle('list')}
            data-testid="md-list-toggle"
          >
            {t('documents.documents')}
          </Button>
          <Button
            size="small"
            type={open === 'history' ? 'primary' : 'default'}
            aria-expanded={open === 'history'}
            onClick={() => toggle('history')}
            data-testid="md-history-toggle"
          >
            {t('documents.history')}
          </Button>
          <Button size="small" loading={importing} onClick={() => fileInput.current?.click()} data-testid="md-import">
            {importing ? t('documents.importing') : t('documents.import')}
          </Button>
          <Button
            size="small"
            type={open === 'export' ? 'primary' : 'default'}
            aria-expanded={open === 'export'}
            onClick={() => toggle('export')}
            data-testid="md-export-toggle"
          >
            {t('documents.export')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={MD_IMPORT_ACCEPT}
            multiple
            hidden
            onChange={(event) => void onFiles(event)}
            data-testid="md-import-input"
          />
        </div>
      </div>
      {open === 'export' ? (
        <div className="md-docs__panel md-docs__exports" data-testid="md-export-panel">
          <Button size="small" onClick={() => void exportAs('md')} data-testid="md-export-md">
            {t('documents.exportMd')}
          </Button>
          <Button size="small" onClick={() => void exportAs('html')} data-testid="md-export-html">
            {t('documents.exportHtml')}
          </Button>
          <Button size="small" onClick={() => void exportAs('pdf')} data-testid="md-export-pdf">
            {platform.pdf ? t('documents.exportPdfFile') : t('documents.exportPdf')}
          </Button>
        </div>
      ) : null}
      {open === 'list' ? <DocumentList docs={docs} onOpened={() => setOpen(undefined)} /> : null}
      {open === 'history' && document ? (
        <History key={document.id} docs={docs} lang={i18n.language} onRestored={() => setOpen(undefined)} />
      ) : null}
    </div>
  );
}

function DocumentList({ docs, onOpened }: { docs: MdDocuments; onOpened: () => void }) {
  const { t, i18n } = useTranslation('md-editor');
  const [query, setQuery] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; title: string }>();
  const [deleting, setDeleting] = useState<string>();
  const needle = query.trim().toLowerCase();
  const shown = needle ? docs.list.filter((entry) => entry.title.toLowerCase().includes(needle)) : docs.list;

  return (
    <div className="md-docs__panel" data-testid="md-list">
      <Input
        allowClear
        placeholder={t('documents.search')}
        aria-label={t('documents.search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        data-testid="md-list-search"
      />
      {shown.length === 0 ? <Empty image="simple" description={t('documents.noDocuments')} /> : null}
      <ul className="md-docs__rows">
        {shown.map((entry) => (
          <li
            key={entry.id}
            className={entry.id === docs.document?.id ? 'md-docs__row md-docs__row--current' : 'md-docs__row'}
            data-testid="md-list-row"
          >
            {renaming?.id === entry.id ? (
              <Input
                size="small"
                autoFocus
                aria-label={t('documents.rename')}
                value={renaming.title}
                onChange={(event) => setRenaming({ id: entry.id, title: event.target.value })}
                onPressEnter={() => void docs.rename(entry.id, renaming.title).then(() => setRenaming(undefined))}
                onBlur={() => void docs.rename(entry.id, renaming.title).then(() => setRenaming(undefined))}
                data-testid="md-list-rename-input"
              />
            ) : (
              <button type="button" className="md-docs__open" onClick={() => void docs.open(entry.id).then(onOpened)}>
                <span className="md-docs__name">{entry.title}</span>
                <Text type="secondary" className="md-docs__meta">
                  {formatTime(entry.updateTime, i18n.language)} · {t('documents.characters', { count: entry.size })}
                </Text>
              </button>
            )}
            {deleting === entry.id ? (
              <div className="md-docs__confirm" role="group">
                <Text type="danger">{t('documents.confirmDelete', { title: entry.title })}</Text>
                <Button
                  size="small"
                  danger
                  type="primary"
                  onClick={() => void docs.remove(entry.id).then(() => setDeleting(undefined))}
                  data-testid="md-list-delete-confirm"
                >
                  {t('documents.confirm')}
                </Button>
                <Button size="small" onClick={() => setDeleting(undefined)}>
                  {t('documents.cancel')}
                </Button>
              </div>
            ) : (
              <div className="md-docs__row-actions">
                <Button
                  size="small"
                  type="link"
                  onClick={() => setRenaming({ id: entry.id, title: entry.title })}
                  data-testid="md-list-rename"
                >
                  {t('documents.rename')}
                </Button>
                <Button size="small" type="link" danger onClick={() => setDeleting(entry.id)} data-testid="md-list-delete">
                  {t('documents.delete')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function History({ docs, lang, onRestored }: { docs: MdDocuments; lang: string; onRestored: () => void }) {
  const { t } = useTranslation('md-editor');
  const [snapshots, setSnapshots] = useState<StoredMarkdownSnapshot[]>();
  const { flush, snapshots: readSnapshots } = docs;

  useEffect(() => {
    let live = true;
    void flush()
      .then(readSnapshots)
      .then((list) => live && setSnapshots(list))
      .catch(() => live && setSnapshots([]));
    return () => {
      live = false;
    };
  }, [flush, readSnapshots]);

  const restore = async (snapshot: StoredMarkdownSnapshot) => {
    await docs.restore(snapshot);
    toast.success(t('documents.restored', { time: formatTime(snapshot.time, lang) }));
    onRestored();
  };

  return (
    <div className="md-docs__panel" data-testid="md-history">
      {snapshots && snapshots.length === 0 ? <Empty image="simple" description={t('documents.noHistory')} /> : null}
      <ul className="md-docs__rows">
        {(snapshots ?? []).map((snapshot) => (
          <li key={snapshot.id} className="md-docs__row" data-testid="md-history-row">
            <div className="md-docs__open md-docs__open--static">
              <span className="md-docs__name">{formatTime(snapshot.time, lang)}</span>
              <Text type="secondary" className="md-docs__meta md-docs__excerpt">
                {snapshot.content.slice(0, 120) || '—'}
              </Text>
            </div>
            <div className="md-docs__row-actions">
              <Button size="small" type="link" onClick={() => void restore(snapshot)} data-testid="md-history-restore">
                {t('documents.restore')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
