import { ScissorOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { Text } from '@/components/Text';
import { formatFileSize, formatNameList } from '@/lib/format';
import { newCounters, runSplit } from './cutmerge-jobs';
import type { JobCounters, SplitTarget } from './cutmerge-jobs';
import {
  manifestName,
  MAX_PARTS,
  partName,
  planByCount,
  planBySize,
  SIZE_UNITS,
  startingValues,
  suggestUnitSize,
} from './file-cutmerge.service';
import type { PlanResult, SizeUnit, StartingValues } from './file-cutmerge.service';
import { canPickDirectory, existingNames, failureKind, pickDirectory } from './file-output';
import { JobProgress } from './JobProgress';
import type { ProgressLine } from './JobProgress';
import { SaveModeField } from './SaveModeField';
import { SplitResult } from './SplitResult';
import type { SplitResultState as Result } from './SplitResult';
import type { SaveMode } from './SaveModeField';

type SplitBy = 'count' | 'size';

interface RunningJob {
  readonly controller: AbortController;
  readonly counters: JobCounters;
  readonly lines: readonly ProgressLine[];
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Split: one file → `name.001` … parts (+ the manifest), saved into a folder or downloaded. */
export function SplitWorkspace({ initialFile, initialValues }: { initialFile: File; initialValues: StartingValues }) {
  const { t, i18n } = useTranslation('file-cutmerge');
  // The page's own confirm (the shell has no antd App): it follows the theme and locale like the page.
  const [modal, modalHolder] = Modal.useModal();
  const [folderSupported] = useState(canPickDirectory);
  const [file, setFile] = useState<File>(initialFile);
  const [splitBy, setSplitBy] = useState<SplitBy>('count');
  const [count, setCount] = useState<number | null>(initialValues.count);
  const [sizeValue, setSizeValue] = useState<number | null>(initialValues.size.value);
  const [unit, setUnit] = useState<SizeUnit>(initialValues.size.unit);
  const [withChecksum, setWithChecksum] = useState(true);
  const [saveMode, setSaveMode] = useState<SaveMode>(folderSupported ? 'picker' : 'download');
  const [job, setJob] = useState<RunningJob | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const running = useRef(false);

  const planned: PlanResult = useMemo(
    () => (splitBy === 'count' ? planByCount(file.size, count ?? 0) : planBySize(file.size, (sizeValue ?? 0) * SIZE_UNITS[unit])),
    [file, splitBy, count, sizeValue, unit],
  );

  const chooseFile = ([picked]: File[]) => {
    if (!picked || running.current) return;
    setFile(picked);
    setResult(null);
    const next = startingValues(picked.size);
    setCount(next.count);
    setSizeValue(next.size.value);
    setUnit(next.size.unit);
  };

  const changeSplitBy = (next: SplitBy) => {
    // The other field starts from what the current plan gives, so switching changes nothing by itself.
    if (next === 'size' && planned.ok) {
      const size = suggestUnitSize(planned.plan.partSize);
      setSizeValue(size.value);
      setUnit(size.unit);
    }
    if (next === 'count' && planned.ok) setCount(planned.plan.count);
    setSplitBy(next);
  };

  const confirmOverwrite = (names: string[]) =>
    modal.confirm({
      title: t('save.overwrite', { count: names.length, names: formatNameList(names, i18n.language, 3) }),
      okText: t('save.overwriteOk'),
      cancelText: t('save.overwriteCancel'),
      okButtonProps: { danger: true },
    });

  const start = async () => {
    if (!planned.ok || running.current) return;
    const plan = planned.plan;
    running.current = true;
    try {
      let target: SplitTarget = { kind: 'download' };
      if (saveMode === 'picker' && folderSupported) {
        const directory = await pickDirectory();
        if (!directory) return;
        const names = Array.from({ length: plan.count }, (_, index) => partName(file.name, index + 1, plan.count));
        if (withChecksum) names.push(manifestName(file.name));
        const existing = await existingNames(directory, names);
        if (existing.length > 0 && !(await confirmOverwrite(existing))) return;
        target = { kind: 'folder', directory };
      }
      const controller = new AbortController();
      const counters = newCounters();
      const lines: ProgressLine[] = [
        target.kind === 'folder'
          ? { key: 'write', label: t('split.writing'), read: (c) => ({ fraction: c.written / file.size }) }
          : {
              key: 'write',
              label: t('split.writing'),
              read: (c) => ({ fraction: c.started / plan.count, text: t('split.started', { done: c.started, total: plan.count }) }),
            },
      ];
      if (withChecksum) lines.push({ key: 'hash', label: t('split.hashing'), read: (c) => ({ fraction: c.hashed / file.size }) });
      setResult(null);
      setJob({ controller, counters, lines });
      const outcome = await runSplit(file, plan, withChecksum, target, counters, controller.signal);
      setResult({ kind: 'done', outcome, folder: target.kind === 'folder' ? target.directory.name : null });
    } catch (error) {
      const kind = failureKind(error);
      if (kind === 'cancelled') setResult({ kind: 'cancelled' });
      else if (kind === 'denied') setResult({ kind: 'error', message: t('save.denied', { message: errorText(error) }) });
      else if (kind === 'unreadable') setResult({ kind: 'error', message: t('split.unreadable', { name: file.name }) });
      else if (kind === 'noSpace') setResult({ kind: 'error', message: t('save.noSpace') });
      else setResult({ kind: 'error', message: t('split.failed', { message: errorText(error) }) });
    } finally {
      running.current = false;
      setJob(null);
    }
  };

  const plan = planned.ok ? planned.plan : null;
  const busy = job !== null;
  const requested = splitBy === 'count' ? (count ?? 0) : 0;

  return (
    <div className="cm-panel" data-testid="split-panel">
      {modalHolder}
      <div className="cm-file" data-testid="split-file">
        <Text strong className="cm-file__name" title={file.name}>
          {file.name}
        </Text>
        <Text type="secondary">{formatFileSize(file.size)}</Text>
      </div>
      {!busy ? (
        <FileDropZone
          multiple={false}
          compact
          onFiles={chooseFile}
          title={t('split.change')}
          hint={t('split.dropHint')}
          inputTestId="split-input"
        />
      ) : null}

      <div className="cm-field">
        <Text strong>{t('split.mode')}</Text>
        <Radio.Group
          value={splitBy}
          onChange={(event) => changeSplitBy(event.target.value as SplitBy)}
          disabled={busy}
          optionType="button"
          options={[
            { value: 'count', label: t('split.byCount') },
            { value: 'size', label: t('split.bySize') },
          ]}
          data-testid="split-by"
        />
        {splitBy === 'count' ? (
          <InputNumber
            min={1}
            max={MAX_PARTS}
            precision={0}
            value={count}
            onChange={setCount}
            disabled={busy}
            addonAfter={t('split.count')}
            aria-label={t('split.count')}
            className="cm-number"
            data-testid="part-count"
          />
        ) : (
          <Space.Compact>
            <InputNumber
              min={1}
              precision={0}
              value={sizeValue}
              onChange={setSizeValue}
              disabled={busy}
              aria-label={t('split.partSize')}
              className="cm-number"
              data-testid="part-size"
            />
            <Select
              value={unit}
              onChange={setUnit}
              disabled={busy}
              options={Object.keys(SIZE_UNITS).map((value) => ({ value, label: value }))}
              aria-label={t('split.partSize')}
              data-testid="part-unit"
            />
          </Space.Compact>
        )}
        <Text type="secondary" className="cm-help">
          {t('split.defaultNote')}
        </Text>
      </div>

      {!planned.ok ? (
        <Alert type="error" showIcon message={t(`split.errors.${planned.error}`, { max: MAX_PARTS })} data-testid="plan-error" />
      ) : null}
      {plan ? (
        <div className="cm-plan" data-testid="split-plan" data-count={plan.count}>
          <Text>
            {plan.lastSize === plan.partSize
              ? t('split.plan', { count: plan.count, size: formatFileSize(plan.partSize) })
              : t('split.planLast', { count: plan.count, size: formatFileSize(plan.partSize), last: formatFileSize(plan.lastSize) })}
          </Text>
          <Text type="secondary" className="cm-mono cm-wrap">
            {t('split.names', { first: partName(file.name, 1, plan.count), last: partName(file.name, plan.count, plan.count) })}
          </Text>
          {requested > plan.count ? <Text type="warning">{t('split.fewer', { count: plan.count })}</Text> : null}
        </div>
      ) : null}

      <Checkbox
        checked={withChecksum}
        onChange={(event) => setWithChecksum(event.target.checked)}
        disabled={busy}
        data-testid="with-checksum"
      >
        {t('split.checksum', { name: manifestName(file.name) })}
      </Checkbox>
      <SaveModeField
        supported={folderSupported}
        value={saveMode}
        onChange={setSaveMode}
        pickerLabel={t('save.folder')}
        pickerHint={t('save.folderHint')}
        disabled={busy}
      />
      {plan && plan.count > 200 && (saveMode === 'download' || !folderSupported) ? (
        <Alert type="warning" showIcon message={t('save.manyDownloads', { count: plan.count })} />
      ) : null}

      {job ? (
        <JobProgress counters={job.counters} lines={job.lines} onCancel={() => job.controller.abort()} cancelLabel={t('split.cancel')} />
      ) : (
        <Button
          type="primary"
          icon={<ScissorOutlined />}
          disabled={!plan}
          onClick={() => void start()}
          data-testid="split-start"
          className="cm-start"
        >
          {t('split.start')}
        </Button>
      )}
      <SplitResult result={result} />
    </div>
  );
}
