import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Text } from '@/components/Text';
import { formatFileSize } from '@/lib/format';
import { toast } from '@/lib/notify';
import type { StorageUse, TransferCenter, TransferEntry } from './transfers';

/**
 * What received files take in the browser's private storage, and "clear all": a second click when
 * files would go that were never saved. Measured again when a transfer ends or files go, not
 * while bytes flow.
 */
export function ReceivedStorage({ center, entries }: { center: TransferCenter; entries: TransferEntry[] }) {
  const { t } = useTranslation('p2p-transfer');
  const [use, setUse] = useState<StorageUse>();
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const moments = entries
    .map((entry) => `${entry.id}:${entry.snapshot?.state}:${entry.removed?.length ?? 0}:${entry.saved?.length ?? 0}`)
    .join();

  useEffect(() => {
    let current = true;
    void center.storageUse().then((measured) => current && setUse(measured));
    return () => {
      current = false;
    };
  }, [center, moments]);

  const clear = async () => {
    setConfirming(false);
    setClearing(true);
    try {
      await center.clearStorage();
      toast.success(t('storageCleared'));
    } catch {
      toast.error(t('storageClearFailed'));
    } finally {
      setClearing(false);
      setUse(await center.storageUse());
    }
  };

  if (!use) return null;
  return (
    <div className="p2p-storage" data-testid="p2p-storage">
      <Text type="secondary" data-testid="p2p-storage-use">
        {use.bytes > 0 ? t('storageUse', { size: formatFileSize(use.bytes) }) : t('storageEmpty')}
      </Text>
      {use.bytes > 0 && !confirming ? (
        <Button
          size="small"
          loading={clearing}
          onClick={() => (use.unsaved > 0 ? setConfirming(true) : void clear())}
          data-testid="p2p-storage-clear"
        >
          {t('storageClear')}
        </Button>
      ) : null}
      {confirming ? (
        <>
          <Text type="danger">
            {t('storageUnsaved', { count: use.unsaved })} {t('storageKeepsRunning')}
          </Text>
          <Button size="small" danger onClick={() => void clear()} data-testid="p2p-storage-clear-anyway">
            {t('storageClearConfirm')}
          </Button>
          <Button size="small" onClick={() => setConfirming(false)}>
            {t('keep')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
