import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferError } from '@shared/p2p';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { CopyButton } from '@/components/CopyButton';
import { FolderInput } from '@/components/FolderInput';
import { Progress } from '@/components/Progress';
import { Text } from '@/components/Text';
import { formatFileSize } from '@/lib/format';
import { toast } from '@/lib/notify';
import { formatEta } from './p2p-transfer.service';
import type { TransferCenter, TransferEntry } from './transfers';

interface Props {
  entries: TransferEntry[];
  center: TransferCenter;
}

/** Every transfer of this visit, newest first: offers to answer, progress, results, saves. */
export function TransferList({ entries, center }: Props) {
  return (
    <ul className="p2p-transfers" data-testid="p2p-transfers">
      {entries.map((entry) => (
        <TransferRow key={entry.id} entry={entry} center={center} />
      ))}
    </ul>
  );
}

function TransferRow({ entry, center }: { entry: TransferEntry; center: TransferCenter }) {
  const { t } = useTranslation('p2p-transfer');
  const snapshot = entry.snapshot;
  const who = entry.direction === 'send' ? t('toPeer', { name: entry.peerName }) : t('fromPeer', { name: entry.peerName });
  const offeredSize = entry.files?.reduce((sum, file) => sum + file.size, 0) ?? 0;
  const running = snapshot && (snapshot.state === 'active' || snapshot.state === 'offered' || snapshot.state === 'paused');

  const errorText = (error: TransferError): string => {
    if (error.code !== 'sink') return t(`error.${error.code}`);
    const code = (error.cause as { code?: string } | undefined)?.code;
    return t(`error.sink.${code === 'quota' || code === 'not-allowed' || code === 'gone' || code === 'unavailable' ? code : 'failed'}`);
  };

  const stateText = (): string | undefined => {
    if (entry.declinedHere) return t('state.declinedHere');
    if (!snapshot) return undefined;
    if (snapshot.state === 'cancelled') return snapshot.cancelledBy === 'peer' ? t('state.cancelledPeer') : t('state.cancelledMe');
    if (entry.needsFiles) return t('state.needsFiles');
    if (snapshot.state === 'paused') return t('state.paused', { name: entry.peerName });
    return t(`state.${snapshot.state}`);
  };

  return (
    <li
      className="p2p-transfer"
      data-testid="p2p-transfer"
      data-direction={entry.direction}
      data-state={entry.declinedHere ? 'declined' : (snapshot?.state ?? (entry.incoming ? 'incoming' : ''))}
    >
      <div className="p2p-transfer__head">
        <Text strong>{who}</Text>
        {stateText() ? (
          <Text type={snapshot?.state === 'failed' ? 'danger' : 'secondary'} data-testid="p2p-transfer-state">
            {stateText()}
          </Text>
        ) : null}
      </div>

      {entry.incoming ? (
        <div className="p2p-transfer__offer" data-testid="p2p-offer">
          <Text>
            {entry.kind === 'text'
              ? t('incomingText', { name: entry.peerName })
              : t('incomingFiles', { name: entry.peerName, count: entry.files?.length ?? 0, size: formatFileSize(offeredSize) })}
          </Text>
          <div className="p2p-transfer__actions">
            <Button type="primary" onClick={() => void center.accept(entry.id)} data-testid="p2p-accept">
              {t('accept')}
            </Button>
            <Button onClick={() => center.decline(entry.id)} data-testid="p2p-decline">
              {t('decline')}
            </Button>
          </div>
        </div>
      ) : null}

      {entry.kind === 'text' && entry.text !== undefined && (entry.direction === 'send' || (!entry.incoming && !entry.declinedHere)) ? (
        <div className="p2p-transfer__text">
          <pre data-testid="p2p-received-text">{entry.text}</pre>
          {entry.direction === 'receive' ? <CopyButton text={entry.text} /> : null}
        </div>
      ) : null}

      {entry.needsFiles ? <Repick entry={entry} center={center} /> : null}
      {entry.sinkError ? <Alert type="error" showIcon title={t(`error.sink.${entry.sinkError}`)} /> : null}
      {snapshot?.error ? <Alert type="error" showIcon title={errorText(snapshot.error)} data-testid="p2p-transfer-error" /> : null}

      {snapshot && entry.kind === 'files' ? (
        <>
          <Progress
            percent={
              snapshot.totalBytes > 0 ? Math.floor((snapshot.bytes / snapshot.totalBytes) * 100) : snapshot.state === 'done' ? 100 : 0
            }
            status={snapshot.state === 'failed' ? 'exception' : snapshot.state === 'active' ? 'active' : undefined}
            data-testid="p2p-transfer-progress"
          />
          <div className="p2p-transfer__meta">
            <Text type="secondary">
              {formatFileSize(snapshot.bytes)} / {formatFileSize(snapshot.totalBytes)}
            </Text>
            {snapshot.state === 'active' && snapshot.bytesPerSecond > 0 ? (
              <Text type="secondary">{t('speed', { speed: formatFileSize(snapshot.bytesPerSecond) })}</Text>
            ) : null}
            {snapshot.state === 'active' && snapshot.etaSeconds !== null ? (
              <Text type="secondary">{t('eta', { eta: formatEta(snapshot.etaSeconds) })}</Text>
            ) : null}
            {running ? (
              <Button size="small" danger onClick={() => center.cancel(entry.id)} data-testid="p2p-cancel">
                {t('cancel')}
              </Button>
            ) : null}
          </div>
          <ul className="p2p-files">
            {snapshot.files
              .filter((file) => !entry.removed?.includes(file.index))
              .map((file) => (
                <li key={file.index} className="p2p-file" data-testid="p2p-file" data-state={file.state}>
                  <span className="p2p-file__path" title={file.path}>
                    {file.path}
                  </span>
                  <Text type={file.state === 'failed' ? 'danger' : 'secondary'} className="p2p-file__state">
                    {file.state === 'active' ? `${Math.floor((file.bytes / Math.max(1, file.size)) * 100)}%` : t(`fileState.${file.state}`)}
                  </Text>
                  {entry.direction === 'receive' && entry.privateStorage && file.state === 'done' && snapshot.state === 'done' ? (
                    <KeptFile entry={entry} index={file.index} center={center} />
                  ) : null}
                </li>
              ))}
          </ul>
        </>
      ) : null}
    </li>
  );
}

/** Save and delete for a file in the browser's storage: an unsaved file is deleted only after a second, explicit click. */
function KeptFile({ entry, index, center }: { entry: TransferEntry; index: number; center: TransferCenter }) {
  const { t } = useTranslation('p2p-transfer');
  const [confirming, setConfirming] = useState(false);
  const saved = entry.saved?.includes(index) ?? false;
  const remove = () => center.remove(entry.id, index).catch(() => toast.error(t('deleteFailed')));
  if (confirming) {
    return (
      <span className="p2p-file__confirm" data-testid="p2p-delete-confirm">
        <Text type="danger">{t('deleteUnsaved')}</Text>
        <Button size="small" danger onClick={() => void remove()} data-testid="p2p-delete-anyway">
          {t('deleteConfirm')}
        </Button>
        <Button size="small" onClick={() => setConfirming(false)} data-testid="p2p-delete-keep">
          {t('keep')}
        </Button>
      </span>
    );
  }
  return (
    <>
      {saved ? <Text type="success">{t('saved')}</Text> : null}
      <Button size="small" onClick={() => center.save(entry.id, index).catch(() => toast.error(t('saveFailed')))} data-testid="p2p-save">
        {t('save')}
      </Button>
      <Button size="small" onClick={() => (saved ? void remove() : setConfirming(true))} data-testid="p2p-delete">
        {t('delete')}
      </Button>
    </>
  );
}

/** An interrupted sending's files, picked again: checked against what was being sent before anything goes. */
function Repick({ entry, center }: { entry: TransferEntry; center: TransferCenter }) {
  const { t } = useTranslation('p2p-transfer');
  const input = useRef<HTMLInputElement>(null);
  const [mismatch, setMismatch] = useState<string>();
  const folder = entry.files?.some((file) => file.path.includes('/')) ?? false;
  const picked = async (files: File[]) => {
    if (files.length === 0) return;
    const result = await center.repick(entry.id, files);
    setMismatch(result?.mismatch);
  };
  return (
    <div className="p2p-transfer__repick">
      <Text>{t('needsFiles')}</Text>
      {folder ? (
        <FolderInput inputRef={input} onFiles={(files) => void picked(files)} data-testid="p2p-repick" />
      ) : (
        <input
          ref={input}
          type="file"
          hidden
          multiple
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void picked(files);
          }}
          data-testid="p2p-repick"
        />
      )}
      <Button type="primary" size="small" onClick={() => input.current?.click()}>
        {folder ? t('repickFolder') : t('repick')}
      </Button>
      {mismatch ? <Alert type="error" showIcon title={t('repickMismatch', { name: mismatch })} data-testid="p2p-repick-mismatch" /> : null}
    </div>
  );
}
