import FolderOpenOutlined from '@ant-design/icons-svg/es/asn/FolderOpenOutlined';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { FolderInput } from '@/components/FolderInput';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Checkbox } from '@/components/Checkbox';
import { CopyButton } from '@/components/CopyButton';
import { DownloadButton } from '@/components/DownloadButton';
import { Icon } from '@/components/Icon';
import { Segmented } from '@/components/Segmented';
import { Spin } from '@/components/Spin';
import { Text } from '@/components/Text';
import { TextArea } from '@/components/TextArea';
import { DEFAULT_WAIT_MS, formatFileSize } from '@/lib/format';
import { canPickDirectory, pickDirectory } from '@/lib/file-system-access';
import { toast } from '@/lib/notify';
import { entriesFromDrop, entriesFromFiles, entriesFromHandle } from './folder-source';
import type { FolderRead, SkipFolder } from './folder-source';
import {
  buildTree,
  DEFAULT_IGNORE,
  ignoredBy,
  MAX_DEPTH,
  needsReread,
  OUTPUT_EXTENSIONS,
  renderOutput,
  shapeTree,
} from './folder-tree.service';
import type { OutputFormat, PathEntry, SortMode } from './folder-tree.service';
import { useFolderTreeStore } from './folder-tree.store';
import '@/components/components.css';
import './folder-tree.css';

const MIME: Record<OutputFormat, string> = {
  text: 'text/plain;charset=utf-8',
  markdown: 'text/markdown;charset=utf-8',
  json: 'application/json;charset=utf-8',
};

/** Reads the chosen folder, leaving unread the folders `skip` names; can be called again when the rules change. */
type FolderReader = (skip: SkipFolder, signal: AbortSignal) => Promise<FolderRead>;

/** /folder/tree: a picked or dropped folder as `tree`-style text, Markdown or JSON. */
export default function FolderTreePage() {
  const { t } = useTranslation('folder-tree');
  const { foldersOnly, showSizes, sort, format, ignore, set } = useFolderTreeStore();
  const [entries, setEntries] = useState<PathEntry[] | null>(null);
  const [reading, setReading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The folder last read and what it left unread, to read it again when the rules stop ignoring one of those.
  const [source, setSource] = useState<{ read: FolderReader; skipped: string[] } | null>(null);
  const job = useRef<AbortController | null>(null);

  const load = (read: FolderReader) => {
    job.current?.abort();
    const controller = new AbortController();
    job.current = controller;
    setReading(true);
    read(ignoredBy(useFolderTreeStore.getState().ignore), controller.signal)
      .then(({ entries: list, skipped }) => {
        if (controller.signal.aborted || list.length === 0) return;
        setEntries(list);
        setSource({ read, skipped });
      })
      .catch((error: unknown) => {
        // Closing the picker without choosing is not an error, nor is a read replaced by a newer one.
        if (controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return;
        toast.error(t('drop.failed', { message: error instanceof Error ? error.message : String(error) }));
      })
      .finally(() => {
        if (job.current === controller) {
          job.current = null;
          setReading(false);
        }
      });
  };

  /** A folder picked with the webkitdirectory input (or files dropped where the browser gives no entries). */
  const fromFiles = (files: File[]) => load(() => Promise.resolve({ entries: entriesFromFiles(files), skipped: [] }));

  const pick = () => {
    if (reading) return;
    // The File System Access picker (Chromium), unlike the webkitdirectory input, shows no
    // "upload N files?" prompt and reports empty folders.
    if (canPickDirectory()) {
      // The picker is asked once; reading again (new rules) walks the same handle. A closed picker reads nothing.
      const picked = pickDirectory({ mode: 'read', id: 'folder-tree' });
      load((skip, signal) => picked.then((handle) => (handle ? entriesFromHandle(handle, skip, signal) : { entries: [], skipped: [] })));
    } else input.current?.click();
  };
  // Typing in the rules box stays responsive on big folders: the tree catches up a moment later.
  const deferredIgnore = useDeferredValue(ignore);
  // A folder left unread that the edited rules no longer ignore is read in, once typing pauses.
  useEffect(() => {
    if (!source || reading || !needsReread(source.skipped, deferredIgnore)) return undefined;
    const timer = setTimeout(() => load(source.read), DEFAULT_WAIT_MS);
    return () => clearTimeout(timer);
    // load is a plain function of this render; the effect only follows the rules and the source.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, reading, deferredIgnore]);
  const raw = useMemo(() => (entries ? buildTree(entries) : null), [entries]);
  const result = useMemo(
    () => (raw ? shapeTree(raw, { ignore: deferredIgnore, foldersOnly, sort }) : null),
    [raw, deferredIgnore, foldersOnly, sort],
  );
  const summary = result
    ? t('summary', { folders: result.stats.folders, files: result.stats.files, size: formatFileSize(result.stats.size) })
    : '';
  const output = useMemo(
    () => (result ? renderOutput(result, format, { showSizes, summary, truncatedMark: t('truncatedMark') }) : ''),
    [result, format, showSizes, summary, t],
  );
  const empty = result !== null && result.root.children.length === 0 && result.stats.ignoredEntries === 0 && result.stats.files === 0;
  const baseName = result && result.root.name !== '.' ? `${result.root.name}-tree` : 'folder-tree';

  return (
    <div className="ft-page">
      <FileDropZone
        onFiles={fromFiles}
        onEntries={(roots) => load((skip, signal) => entriesFromDrop(roots, skip, signal))}
        onPick={pick}
        acceptPaste={false}
        folders={false}
        disabled={reading}
        busy={reading}
        compact={!!result}
        icon={reading ? <Spin /> : <Icon icon={FolderOpenOutlined} className="bb-dropzone__icon" />}
        title={reading ? t('drop.reading') : result ? t('drop.change') : t('drop.title')}
        hint={t('drop.hint')}
        className="ft-zone"
        data-testid="folder-zone"
      >
        <FolderInput inputRef={input} onFiles={fromFiles} data-testid="folder-input" />
      </FileDropZone>

      <div className="ft-options">
        <Checkbox checked={foldersOnly} onChange={(checked) => set({ foldersOnly: checked })} data-testid="folders-only">
          {t('options.foldersOnly')}
        </Checkbox>
        <Checkbox checked={showSizes} onChange={(checked) => set({ showSizes: checked })} data-testid="show-sizes">
          {t('options.showSizes')}
        </Checkbox>
        <span className="ft-option">
          <Text type="secondary">{t('options.sort')}</Text>
          <Segmented<SortMode>
            size="small"
            value={sort}
            onChange={(value) => set({ sort: value })}
            aria-label={t('options.sort')}
            options={[
              { value: 'name', label: t('options.sortName') },
              { value: 'size', label: t('options.sortSize') },
              { value: 'folders-first', label: t('options.sortFoldersFirst') },
            ]}
            data-testid="sort"
          />
        </span>
        <span className="ft-option">
          <Text type="secondary">{t('options.format')}</Text>
          <Segmented<OutputFormat>
            size="small"
            value={format}
            onChange={(value) => set({ format: value })}
            aria-label={t('options.format')}
            options={[
              { value: 'text', label: t('options.formatText') },
              { value: 'markdown', label: t('options.formatMarkdown') },
              { value: 'json', label: t('options.formatJson') },
            ]}
            data-testid="format"
          />
        </span>
      </div>

      <div className="ft-ignore">
        <div className="ft-ignore__head">
          <Text strong>{t('options.ignore')}</Text>
          {ignore !== DEFAULT_IGNORE ? (
            <Button size="small" type="link" onClick={() => set({ ignore: DEFAULT_IGNORE })}>
              {t('options.ignoreReset')}
            </Button>
          ) : null}
        </div>
        <TextArea
          value={ignore}
          onChange={(event) => set({ ignore: event.target.value })}
          autoSize={{ minRows: 2, maxRows: 8 }}
          aria-label={t('options.ignore')}
          spellCheck={false}
          className="ft-mono"
          data-testid="ignore-rules"
        />
        <Text type="secondary" className="ft-help">
          {t('options.ignoreHelp')}
        </Text>
      </div>

      {empty ? <Alert type="info" showIcon title={t('drop.empty')} /> : null}
      {result && !empty ? (
        <section className="ft-result" aria-label={t('output')}>
          <div className="ft-result__bar">
            <div className="ft-result__facts">
              <Text strong data-testid="tree-summary">
                {summary}
              </Text>
              {result.stats.ignoredEntries > 0 ? (
                <Text type="secondary" data-testid="tree-ignored">
                  {t('ignored', { count: result.stats.ignoredEntries })}
                </Text>
              ) : null}
            </div>
            <div className="ft-result__actions">
              <CopyButton text={output} label={t('copy')} type="default" size="middle" data-testid="tree-copy" />
              <DownloadButton
                getFile={() => new Blob([output], { type: MIME[format] })}
                fileName={`${baseName}.${OUTPUT_EXTENSIONS[format]}`}
                label={t('download')}
                data-testid="tree-download"
              />
            </div>
          </div>
          {result.stats.truncatedFolders > 0 ? (
            <Alert
              type="warning"
              showIcon
              title={t('depthCap', { max: MAX_DEPTH, folders: result.stats.truncatedFolders, hidden: result.stats.hiddenEntries })}
              data-testid="depth-cap"
            />
          ) : null}
          <pre className="ft-output ft-mono" data-testid="tree-output" data-format={format} tabIndex={0}>
            {output}
          </pre>
        </section>
      ) : null}
    </div>
  );
}
