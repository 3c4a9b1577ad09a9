import { useShallow } from 'zustand/react/shallow';
import { CheckCircleFilled } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HashAlgorithm, HashCapability, HashDigests } from '@shared/contracts/hash';
import { createTrailer, findTrailerBytes } from '@shared/hash/trailer';
import { Columns } from '@/components/Columns';
import { Alert } from '@/components/Alert';
import { DownloadButton } from '@/components/DownloadButton';
import { FileDropZone } from '@/components/FileDropZone';
import { Spin } from '@/components/Spin';
import { Tag } from '@/components/Tag';
import { Text, Title } from '@/components/Text';
import { formatFileSize } from '@/lib/format';
import { inMemoryHash, platform } from '@/platform';
import { DigestList } from './DigestList';
import { classifyHashError } from './file-hasher.service';
import { useFileHasherStore } from './file-hasher.store';

type Job<T> = { status: 'working' } | { status: 'done'; value: T } | { status: 'error'; message: string };

interface Modified {
  file: File;
  blob: Blob;
  before: HashDigests;
  after: HashDigests;
}

interface Restored {
  file: File;
  stripped: number;
  blob?: Blob;
  digests?: HashDigests;
}

/**
 * A picked file goes to `platform.hash` (the native engine on the desktop reads it from disk); a
 * Blob we assembled ourselves exists only in this page, so the browser engine hashes it.
 */
const hashBlob = (blob: Blob, algorithms: readonly HashAlgorithm[], signal: AbortSignal, engine: HashCapability) =>
  engine.hashFile(blob instanceof File ? blob : new File([blob], 'blob'), { algorithms, signal });

/** Runs one async job at a time, cancelling the previous one and on unmount. */
function useJob<T>() {
  const [job, setJob] = useState<Job<T>>();
  const current = useRef<AbortController>(undefined);
  useEffect(() => () => current.current?.abort(), []);
  const { t } = useTranslation('file-hasher');
  const run = (work: (signal: AbortSignal) => Promise<T>) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setJob({ status: 'working' });
    work(controller.signal).then(
      (value) => !controller.signal.aborted && setJob({ status: 'done', value }),
      (error: unknown) => {
        const kind = classifyHashError(error);
        if (kind === 'cancelled' || controller.signal.aborted) return;
        setJob({
          status: 'error',
          message:
            kind === 'unknown'
              ? t('errors.unknown', { message: error instanceof Error ? error.message : String(error) })
              : t(`errors.${kind}`),
        });
      },
    );
  };
  return [job, run] as const;
}

function FileLine({ file }: { file: File }) {
  return (
    <Text className="fh-file-line" title={file.name}>
      {file.name} · {formatFileSize(file.size)}
    </Text>
  );
}

/** "Modify hash" (append our trailer to a copy) and "restore" (strip exactly our trailers). */
export function ModifyPanel() {
  const { t } = useTranslation('file-hasher');
  const { algorithms, uppercase } = useFileHasherStore(useShallow(({ algorithms, uppercase }) => ({ algorithms, uppercase })));
  const [modified, runModify] = useJob<Modified>();
  const [restored, runRestore] = useJob<Restored>();
  const [lastBefore, setLastBefore] = useState<HashDigests>();

  const modify = (file: File) =>
    runModify(async (signal) => {
      const blob = new Blob([file, createTrailer(crypto.getRandomValues(new Uint8Array(16)))], { type: file.type });
      const [before, after] = await Promise.all([
        hashBlob(file, algorithms, signal, platform.hash),
        hashBlob(blob, algorithms, signal, inMemoryHash),
      ]);
      setLastBefore(before);
      return { file, blob, before, after };
    });

  const restore = (file: File) =>
    runRestore(async (signal) => {
      const stripped = await findTrailerBytes(
        file.size,
        async (offset, length) => new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
      );
      if (stripped === 0) return { file, stripped };
      const blob = file.slice(0, file.size - stripped, file.type);
      return { file, stripped, blob, digests: await hashBlob(blob, algorithms, signal, inMemoryHash) };
    });

  const sameAsBefore = (digests: HashDigests) =>
    lastBefore !== undefined &&
    algorithms.every((algorithm) => digests[algorithm] !== undefined && digests[algorithm] === lastBefore[algorithm]);

  return (
    <div className="fh-block fh-stack fh-stack--16">
      <Alert
        type="info"
        showIcon
        message={t('modify.whyTitle')}
        description={
          <>
            <div>{t('modify.why')}</div>
            <div className="fh-caution">{t('modify.caution')}</div>
          </>
        }
      />
      <Columns>
        <div>
          <section className="fh-card" data-testid="modify-card">
            <Title level={5}>{t('modify.modifyTitle')}</Title>
            <FileDropZone
              multiple={false}
              acceptPaste={false}
              compact
              inputTestId="modify-input"
              title={t('modify.dropModify')}
              onFiles={([file]) => file && modify(file)}
              disabled={algorithms.length === 0}
            />
            {modified?.status === 'working' ? <Spin className="fh-working" /> : null}
            {modified?.status === 'error' ? <Alert type="error" showIcon message={modified.message} data-testid="modify-error" /> : null}
            {modified?.status === 'done' ? (
              <div className="fh-result">
                <FileLine file={modified.value.file} />
                <Text strong>{t('modify.before')}</Text>
                <div data-testid="modify-before">
                  <DigestList digests={modified.value.before} uppercase={uppercase} />
                </div>
                <Text strong>{t('modify.after')}</Text>
                <div data-testid="modify-after">
                  <DigestList digests={modified.value.after} uppercase={uppercase} />
                </div>
                <DownloadButton
                  type="primary"
                  getFile={() => modified.value.blob}
                  fileName={modified.value.file.name}
                  label={t('modify.downloadModified')}
                  data-testid="download-modified"
                />
              </div>
            ) : null}
          </section>
        </div>
        <div>
          <section className="fh-card" data-testid="restore-card">
            <Title level={5}>{t('modify.restoreTitle')}</Title>
            <FileDropZone
              multiple={false}
              acceptPaste={false}
              compact
              inputTestId="restore-input"
              title={t('modify.dropRestore')}
              onFiles={([file]) => file && restore(file)}
              disabled={algorithms.length === 0}
            />
            {restored?.status === 'working' ? <Spin className="fh-working" /> : null}
            {restored?.status === 'error' ? <Alert type="error" showIcon message={restored.message} data-testid="restore-error" /> : null}
            {restored?.status === 'done' && !restored.value.blob ? (
              <Alert type="warning" showIcon message={t('modify.notModified')} data-testid="restore-not-modified" />
            ) : null}
            {restored?.status === 'done' && restored.value.blob && restored.value.digests ? (
              <div className="fh-result">
                <FileLine file={restored.value.file} />
                <Alert type="success" showIcon message={t('modify.stripped', { size: formatFileSize(restored.value.stripped) })} />
                <div className="fh-wrap">
                  <Text strong>{t('modify.restored')}</Text>
                  {sameAsBefore(restored.value.digests) ? (
                    <Tag color="success" icon={<CheckCircleFilled />} data-testid="restore-same">
                      {t('modify.sameAsOriginal')}
                    </Tag>
                  ) : null}
                </div>
                <div data-testid="restore-after">
                  <DigestList digests={restored.value.digests} uppercase={uppercase} />
                </div>
                <DownloadButton
                  type="primary"
                  getFile={() => restored.value.blob ?? restored.value.file}
                  fileName={restored.value.file.name}
                  label={t('modify.downloadRestored')}
                  data-testid="download-restored"
                />
              </div>
            ) : null}
          </section>
        </div>
      </Columns>
    </div>
  );
}
