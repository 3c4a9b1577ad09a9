import { DeleteOutlined, MergeCellsOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox } from 'antd';
import Input from 'antd/es/input/Input';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { Text } from '@/components/Text';
import { formatFileSize } from '@/lib/format';
import { toast } from '@/lib/notify';
import { newCounters, runMerge } from './cutmerge-jobs';
import type { JobCounters, MergeTarget } from './cutmerge-jobs';
import {
  isBlocking,
  isManifestName,
  isValidFileName,
  MAX_MANIFEST_BYTES,
  parseManifest,
  planMerge,
  verifyAgainstManifest,
} from './file-cutmerge.service';
import type { Manifest } from './file-cutmerge.service';
import { canPickSaveFile, failureKind, pickSaveFile } from './file-output';
import { JobProgress } from './JobProgress';
import type { ProgressLine } from './JobProgress';
import { MergeIssues } from './MergeIssues';
import { MergeParts } from './MergeParts';
import { newParts } from './merge-items';
import type { PartItem } from './merge-items';
import { MergeResult } from './MergeResult';
import type { MergeDone } from './MergeResult';
import { SaveModeField } from './SaveModeField';
import type { SaveMode } from './SaveModeField';

interface RunningJob {
  readonly controller: AbortController;
  readonly counters: JobCounters;
  readonly lines: readonly ProgressLine[];
}

type Result = MergeDone | { kind: 'cancelled' } | { kind: 'error'; message: string };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** Merge: parts in any order (+ the manifest) → one file, saved where the user picks or downloaded, then verified. */
export function MergeWorkspace({ initialParts, initialFiles }: { initialParts: readonly PartItem[]; initialFiles: readonly File[] }) {
  const { t } = useTranslation('file-cutmerge');
  const [pickerSupported] = useState(canPickSaveFile);
  const [items, setItems] = useState<PartItem[]>(() => [...initialParts]);
  const [manifest, setManifest] = useState<{ fileName: string; data: Manifest } | null>(null);
  const [nameEdit, setNameEdit] = useState<string | null>(null);
  const [proceed, setProceed] = useState(false);
  const [saveMode, setSaveMode] = useState<SaveMode>(pickerSupported ? 'picker' : 'download');
  const [job, setJob] = useState<RunningJob | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const running = useRef(false);

  const plan = useMemo(() => planMerge(items, manifest?.data), [items, manifest]);
  const outputName = nameEdit ?? plan.outputName;
  const blocked = plan.issues.some(isBlocking);
  const warned = plan.issues.length > 0 && !blocked;

  const changed = () => {
    setResult(null);
    setProceed(false);
  };

  const readManifest = async (file: File) => {
    if (file.size > MAX_MANIFEST_BYTES) {
      toast.error(t('merge.manifestTooBig', { name: file.name }));
      return;
    }
    const data = parseManifest(await file.text());
    if (!data) toast.error(t('merge.manifestInvalid', { name: file.name }));
    else setManifest({ fileName: file.name, data });
  };

  const takeManifest = (files: readonly File[]) => {
    // The last picked manifest wins; picking one again replaces the old one.
    const last = files.filter((file) => isManifestName(file.name)).at(-1);
    if (last) readManifest(last).catch((error: unknown) => toast.error(t('merge.failed', { message: errorText(error) })));
  };

  // The files that opened the workspace (their parts are in the list already): once, not again on
  // a development re-run of the effect.
  const tookInitial = useRef(false);
  useEffect(() => {
    if (tookInitial.current) return;
    tookInitial.current = true;
    takeManifest(initialFiles);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the opening files only, once
  }, []);

  const addFiles = (files: File[]) => {
    if (running.current) return;
    takeManifest(files);
    setItems((current) => [...current, ...newParts(files, current)]);
    setNameEdit(null);
    changed();
  };

  const remove = (id: string) => {
    setItems((current) => current.filter((item) => item.id !== id));
    changed();
  };
  const clear = () => {
    setItems([]);
    setManifest(null);
    setNameEdit(null);
    changed();
  };

  const start = async () => {
    if (running.current || plan.parts.length === 0 || blocked || (warned && !proceed) || !isValidFileName(outputName)) return;
    const parts = plan.parts.map((entry) => entry.part.file);
    const total = plan.totalSize;
    running.current = true;
    try {
      let target: MergeTarget = { kind: 'download' };
      if (saveMode === 'picker' && pickerSupported) {
        const handle = await pickSaveFile(outputName);
        if (!handle) return;
        target = { kind: 'file', handle };
      }
      const controller = new AbortController();
      const counters = newCounters();
      const lines: ProgressLine[] = [
        target.kind === 'file'
          ? { key: 'write', label: t('merge.writing'), read: (c) => ({ fraction: total === 0 ? 1 : c.written / total }) }
          : { key: 'write', label: t('merge.writing'), read: (c) => ({ fraction: c.started, text: t('merge.downloading') }) },
        { key: 'hash', label: t('merge.hashing'), read: (c) => ({ fraction: total === 0 ? 1 : c.hashed / total }) },
      ];
      setResult(null);
      setJob({ controller, counters, lines });
      const digests = await runMerge(parts, outputName, target, counters, controller.signal);
      const verdict = verifyAgainstManifest(
        manifest?.data,
        digests.md5,
        plan.parts.map((entry, position) => ({ name: entry.part.name, crc32: digests.crc32[position] ?? '', expected: entry.expected })),
        digests.size,
      );
      const crc = new Map(
        plan.parts.map((entry, position) => [entry.part.id, entry.expected ? entry.expected.crc32 === digests.crc32[position] : undefined]),
      );
      setResult({ kind: 'done', md5: digests.md5, verdict, crc, savedName: target.kind === 'file' ? target.handle.name : null });
    } catch (error) {
      const kind = failureKind(error);
      if (kind === 'cancelled') setResult({ kind: 'cancelled' });
      else if (kind === 'denied') setResult({ kind: 'error', message: t('save.denied', { message: errorText(error) }) });
      else if (kind === 'unreadable') setResult({ kind: 'error', message: t('merge.unreadable') });
      else if (kind === 'noSpace') setResult({ kind: 'error', message: t('save.noSpace') });
      else setResult({ kind: 'error', message: t('merge.failed', { message: errorText(error) }) });
    } finally {
      running.current = false;
      setJob(null);
    }
  };

  const busy = job !== null;
  const nameOk = isValidFileName(outputName);
  return (
    <div className="cm-panel" data-testid="merge-panel">
      {!busy ? (
        <FileDropZone
          onFiles={addFiles}
          title={t('merge.dropTitle')}
          hint={t('merge.dropHint')}
          compact={items.length > 0}
          acceptPaste={false}
          inputTestId="merge-input"
        />
      ) : null}
      {manifest ? (
        <Alert
          type="info"
          showIcon
          data-testid="merge-manifest"
          message={t('merge.manifest', {
            name: manifest.fileName,
            count: manifest.data.parts.length,
            size: formatFileSize(manifest.data.size),
          })}
        />
      ) : items.length > 0 ? (
        <Alert type="info" showIcon message={t('merge.noManifest')} data-testid="merge-manifest-missing" />
      ) : null}
      {items.length > 0 ? (
        <>
          <div className="cm-toolbar">
            <Text type="secondary" data-testid="merge-summary">
              {t('merge.summary', { count: plan.parts.length, size: formatFileSize(plan.totalSize) })}
            </Text>
            <Button size="small" icon={<DeleteOutlined />} onClick={clear} disabled={busy} data-testid="merge-clear">
              {t('merge.clear')}
            </Button>
          </div>
          <MergeParts parts={plan.parts} crc={result?.kind === 'done' ? result.crc : undefined} onRemove={remove} disabled={busy} />
          <MergeIssues issues={plan.issues} />
          <div className="cm-field">
            <Text strong>{t('merge.outputName')}</Text>
            <Input
              value={outputName}
              onChange={(event) => setNameEdit(event.target.value)}
              disabled={busy}
              status={nameOk ? undefined : 'error'}
              aria-label={t('merge.outputName')}
              className="cm-name"
              data-testid="merge-name"
            />
            {!nameOk ? <Text type="danger">{t('merge.outputNameInvalid')}</Text> : null}
          </div>
          <SaveModeField
            supported={pickerSupported}
            value={saveMode}
            onChange={setSaveMode}
            pickerLabel={t('save.saveAs')}
            disabled={busy}
          />
          {warned ? (
            <Checkbox checked={proceed} onChange={(event) => setProceed(event.target.checked)} disabled={busy} data-testid="merge-proceed">
              {t('merge.proceedAnyway')}
            </Checkbox>
          ) : null}
          {job ? (
            <JobProgress
              counters={job.counters}
              lines={job.lines}
              onCancel={() => job.controller.abort()}
              cancelLabel={t('merge.cancel')}
            />
          ) : (
            <Button
              type="primary"
              icon={<MergeCellsOutlined />}
              disabled={plan.parts.length === 0 || blocked || (warned && !proceed) || !nameOk}
              onClick={() => void start()}
              data-testid="merge-start"
              className="cm-start"
            >
              {t('merge.start')}
            </Button>
          )}
        </>
      ) : null}
      {result?.kind === 'done' ? <MergeResult result={result} /> : null}
      {result?.kind === 'cancelled' ? (
        <Alert type="warning" showIcon message={t('merge.cancelled')} data-testid="merge-result" data-status="cancelled" />
      ) : null}
      {result?.kind === 'error' ? (
        <Alert type="error" showIcon message={result.message} data-testid="merge-result" data-status="error" />
      ) : null}
    </div>
  );
}
