import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { downloadBlob } from '@/components/download';
import { Text } from '@/components/Text';
import { Icon } from '@/components/Icon';
import { formatFileSize } from '@/lib/format';
import type { OutputEntry } from './file-output';
import { PartList } from './PartList';

/** Every saved part with its own download button: for a part the browser blocked or the user lost. */
export function PartDownloads({ entries, title }: { entries: readonly OutputEntry[]; title: string }) {
  const { t } = useTranslation('components');
  return (
    <PartList
      items={entries}
      rowKey={(entry) => entry.name}
      header={<Text strong>{title}</Text>}
      data-testid="part-downloads"
      renderRow={(entry) => ({
        content: (
          <>
            <Text className="cm-mono cm-ellipsis" title={entry.name}>
              {entry.name}
            </Text>
            <Text type="secondary" className="cm-list-size">
              {formatFileSize(entry.blob.size)}
            </Text>
          </>
        ),
        actions: (
          <Button
            size="small"
            type="link"
            icon={<Icon icon={DownloadOutlined} />}
            onClick={() => downloadBlob(entry.blob, entry.name)}
            aria-label={`${t('download')} ${entry.name}`}
          >
            {t('download')}
          </Button>
        ),
      })}
    />
  );
}
