import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Panel } from '@/components/Panel';
import { Paragraph } from '@/components/Text';
import { toast } from '@/lib/notify';
import { RecorderPanel } from './RecorderPanel';
import { takesRunningElsewhere } from './recorder';
import { RecordingEditor } from './RecordingEditor';
import { RecordingList } from './RecordingList';
import { recordingsStore } from './recordings';
import type { RecordingRecord } from './recordings';
import './voice-recorder.css';

/** /voice/recorder: record from the microphone, keep recordings in this browser, play, trim and save them. */
export default function VoiceRecorderPage() {
  const { t } = useTranslation('voice-recorder');
  const [store] = useState(recordingsStore);
  const [records, setRecords] = useState<RecordingRecord[]>([]);
  const [selectedId, setSelectedId] = useState<string>();
  const [recovered, setRecovered] = useState<string[]>([]);
  const [storageFailed, setStorageFailed] = useState(false);

  const reload = useCallback(async () => {
    try {
      setRecords(await store.list());
    } catch {
      setStorageFailed(true);
    }
  }, [store]);

  useEffect(() => {
    void (async () => {
      try {
        const cut = await store.recover(await takesRunningElsewhere());
        setRecovered(cut.map((record) => record.name));
      } catch {
        setStorageFailed(true);
      }
      await reload();
    })();
  }, [store, reload]);

  const onSaved = useCallback(
    (record: RecordingRecord) => {
      setSelectedId(record.id);
      void reload();
    },
    [reload],
  );

  const rename = async (record: RecordingRecord, name: string) => {
    await store.put({ ...record, name }).catch(() => setStorageFailed(true));
    await reload();
  };

  const remove = async (record: RecordingRecord) => {
    try {
      await store.remove(record.id);
      toast.success(t('deleted', { name: record.name }));
      if (selectedId === record.id) setSelectedId(undefined);
    } catch {
      setStorageFailed(true);
    }
    await reload();
  };

  const selected = records.find((record) => record.id === selectedId && record.state === 'done');
  return (
    <div className="vrec">
      <Panel>
        <RecorderPanel store={store} onStarted={() => void reload()} onSaved={onSaved} />
      </Panel>
      {storageFailed ? <Alert type="error" showIcon title={t('storageError')} /> : null}
      {recovered.length > 0 ? (
        <Alert
          type="info"
          showIcon
          closable
          onClose={() => setRecovered([])}
          title={t('recovered', { names: recovered.join('、') })}
          data-testid="voice-recovered"
        />
      ) : null}
      {selected ? (
        <Panel title={t('editorTitle')}>
          <RecordingEditor key={selected.id} record={selected} store={store} onCreated={onSaved} />
        </Panel>
      ) : null}
      <Panel title={t('listTitle')}>
        <RecordingList
          records={records}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onRename={(record, name) => void rename(record, name)}
          onDelete={(record) => void remove(record)}
        />
        <Paragraph type="secondary" className="vrec__privacy">
          {t('localOnly')}
        </Paragraph>
      </Panel>
    </div>
  );
}
