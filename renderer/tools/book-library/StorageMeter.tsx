import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/format';
import { quotaPercent } from './book-library.service';
import { useLibraryStore } from './library.store';
import { Text } from '@/components/Text';

/**
 * What this site keeps in the browser against what the browser allows it (navigator.storage.estimate:
 * the books, and the site's cached files). Absent where the browser does not tell (plain-http LAN
 * addresses have no StorageManager).
 */
export function StorageMeter() {
  const { t } = useTranslation('book-library');
  const storage = useLibraryStore((state) => state.storage);
  const percent = storage ? quotaPercent(storage.usage, storage.quota) : undefined;
  if (!storage || percent === undefined) return null;
  const text = t('storage.usage', { used: formatFileSize(storage.usage), quota: formatFileSize(storage.quota) });
  return (
    <div className="bl-storage" data-testid="storage-meter">
      <div
        className="bl-storage__track"
        role="meter"
        aria-label={t('storage.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <div className="bl-storage__bar" style={{ width: `${percent}%` }} />
      </div>
      <Text type="secondary" className="bl-storage__text">
        {text}
      </Text>
    </div>
  );
}
