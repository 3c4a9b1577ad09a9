import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Empty } from '@/components/Empty';
import { Input } from '@/components/Input';
import { Tag } from '@/components/Tag';
import { Text } from '@/components/Text';
import { formatFileSize } from '@/lib/format';
import type { RecordingRecord } from './recordings';
import { formatSeconds } from './voice-recorder.service';

interface RowProps {
  record: RecordingRecord;
  selected: boolean;
  onSelect: () => void;
  onRename: (name: string) => void;
  onDelete: () => void;
}

function RecordingRow({ record, selected, onSelect, onRename, onDelete }: RowProps) {
  const { t, i18n } = useTranslation('voice-recorder');
  const [editing, setEditing] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const save = () => {
    const name = editing?.trim();
    if (name) onRename(name);
    setEditing(undefined);
  };
  return (
    <li
      className={selected ? 'vrec__row vrec__row--selected' : 'vrec__row'}
      data-testid="voice-row"
      data-id={record.id}
      data-duration={record.duration.toFixed(3)}
      data-state={record.state}
    >
      {editing === undefined ? (
        <button type="button" className="vrec__row-main" onClick={onSelect} aria-pressed={selected} disabled={record.state === 'recording'}>
          <span className="vrec__row-name" data-testid="voice-row-name">
            {record.name}
          </span>
          <span className="vrec__row-meta">
            {formatSeconds(record.duration)} · {formatFileSize(record.size)} · {new Date(record.createdAt).toLocaleString(i18n.language)}
          </span>
        </button>
      ) : (
        <form
          className="vrec__rename"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Input
            value={editing}
            onChange={(event) => setEditing(event.target.value)}
            aria-label={t('nameLabel')}
            maxLength={120}
            autoFocus
            data-testid="voice-rename-input"
          />
          <Button htmlType="submit" type="primary" size="small" data-testid="voice-rename-save">
            {t('save')}
          </Button>
          <Button size="small" onClick={() => setEditing(undefined)}>
            {t('cancel')}
          </Button>
        </form>
      )}
      <span className="vrec__row-tags">
        {record.state === 'recording' ? <Tag color="error">{t('recordingTag')}</Tag> : null}
        {record.recovered ? <Tag color="warning">{t('recoveredTag')}</Tag> : null}
        {record.trimmedFrom ? <Tag color="processing">{t('trimmedTag')}</Tag> : null}
      </span>
      {editing === undefined && record.state === 'done' ? (
        <span className="vrec__row-actions">
          <Button size="small" type="text" onClick={() => setEditing(record.name)} data-testid="voice-rename">
            {t('rename')}
          </Button>
          <Button
            size="small"
            type={confirming ? 'primary' : 'text'}
            danger
            onClick={() => (confirming ? onDelete() : setConfirming(true))}
            onBlur={() => setConfirming(false)}
            data-testid="voice-delete"
          >
            {confirming ? t('confirmDelete') : t('delete')}
          </Button>
        </span>
      ) : null}
    </li>
  );
}

interface RecordingListProps {
  records: readonly RecordingRecord[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onRename: (record: RecordingRecord, name: string) => void;
  onDelete: (record: RecordingRecord) => void;
}

/** The recordings kept in this browser, newest first, with the space they take. */
export function RecordingList({ records, selectedId, onSelect, onRename, onDelete }: RecordingListProps) {
  const { t } = useTranslation('voice-recorder');
  if (records.length === 0) return <Empty description={t('listEmpty')} />;
  const total = records.reduce((sum, record) => sum + record.size, 0);
  return (
    <>
      <Text type="secondary" data-testid="voice-storage-used">
        {t('storageUsed', { count: records.length, size: formatFileSize(total) })}
      </Text>
      <ul className="vrec__list" data-testid="voice-list">
        {records.map((record) => (
          <RecordingRow
            key={record.id}
            record={record}
            selected={record.id === selectedId}
            onSelect={() => onSelect(record.id)}
            onRename={(name) => onRename(record, name)}
            onDelete={() => onDelete(record)}
          />
        ))}
      </ul>
    </>
  );
}
