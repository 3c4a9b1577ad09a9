import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FileDropZone } from '@/components/FileDropZone';
import { Progress } from '@/components/Progress';
import { Text } from '@/components/Text';
import { formatFileSize } from '@/lib/format';
import { isFinished } from '@shared/p2p/types';
import type { FileTransferEntry } from './tunnel-files';

interface FileTransfersProps {
  entries: readonly FileTransferEntry[];
  /** The channel is open: the drop zone shows. */
  canSend: boolean;
  onSend: (files: File[]) => void;
  onCancel: (id: string) => void;
  onSave: (id: string, index: number) => void;
}

/** Files over the tunnel's channel: pick to send, each transfer with progress and cancel, received files to save. */
export function FileTransfers({ entries, canSend, onSend, onCancel, onSave }: FileTransfersProps) {
  const { t } = useTranslation('terminal');
  if (!canSend && entries.length === 0) return null;
  return (
    <section className="tunnel__files" data-testid="tunnel-files">
      <h3>{t('files.title')}</h3>
      {canSend && <FileDropZone compact onFiles={onSend} title={t('files.pick')} hint={t('files.hint')} inputTestId="tunnel-file-input" />}
      {entries.length > 0 && (
        <ul className="tunnel__file-list">
          {entries.map((entry) => (
            <FileRow key={entry.id} entry={entry} onCancel={() => onCancel(entry.id)} onSave={(index) => onSave(entry.id, index)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FileRow({ entry, onCancel, onSave }: { entry: FileTransferEntry; onCancel: () => void; onSave: (index: number) => void }) {
  const { t } = useTranslation('terminal');
  const snapshot = entry.snapshot;
  const state = entry.sinkError ? 'failed' : (snapshot?.state ?? 'offered');
  const total = entry.files.reduce((sum, file) => sum + file.size, 0);
  const percent =
    snapshot && snapshot.totalBytes > 0 ? Math.floor((snapshot.bytes / snapshot.totalBytes) * 100) : state === 'done' ? 100 : 0;
  const names = entry.files.map((file) => file.path).join('、');
  return (
    <li className="tunnel__file" data-testid="tunnel-file" data-direction={entry.direction} data-state={state}>
      <div className="tunnel__file-head">
        <Text strong className="tunnel__file-name">
          {entry.direction === 'send' ? t('files.sending') : t('files.receiving')}
          {names}
        </Text>
        <Text type="secondary">{formatFileSize(total)}</Text>
      </div>
      <Progress percent={percent} size="small" status={state === 'failed' || state === 'cancelled' ? 'exception' : undefined} />
      <div className="tunnel__file-foot">
        <Text type={state === 'failed' ? 'danger' : 'secondary'} data-testid="tunnel-file-state">
          {entry.sinkError ? t(`files.sinkError.${entry.sinkError}`) : t(`files.state.${state}`)}
        </Text>
        {!isFinished(state) && !entry.sinkError && (
          <Button size="small" onClick={onCancel} data-testid="tunnel-file-cancel">
            {t('files.cancel')}
          </Button>
        )}
        {entry.direction === 'receive' &&
          state === 'done' &&
          entry.files.map((file, index) => (
            <Button key={file.path} size="small" type="primary" onClick={() => onSave(index)} data-testid="tunnel-file-save">
              {t('files.save', { name: file.path })}
            </Button>
          ))}
      </div>
    </li>
  );
}
