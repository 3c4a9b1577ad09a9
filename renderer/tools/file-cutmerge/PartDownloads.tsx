import { DownloadOutlined } from '@ant-design/icons';
import { Button, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '@/components/download';
import { Text } from '@/components/Text';
import { formatFileSize } from '@/lib/format';
import type { OutputEntry } from './file-output';

const PAGE_SIZE = 20;

/** Every saved part with its own download button: for a part the browser blocked or the user lost. */
export function PartDownloads({ entries, title }: { entries: readonly OutputEntry[]; title: string }) {
  const { t } = useTranslation('components');
  return (
    <List
      size="small"
      bordered
      header={<Text strong>{title}</Text>}
      dataSource={entries as OutputEntry[]}
      pagination={entries.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, size: 'small', showSizeChanger: false } : false}
      rowKey="name"
      data-testid="part-downloads"
      renderItem={(entry) => (
        <List.Item
          actions={[
            <Button
              key="download"
              size="small"
              type="link"
              icon={<DownloadOutlined />}
              onClick={() => downloadBlob(entry.blob, entry.name)}
              aria-label={`${t('download')} ${entry.name}`}
            >
              {t('download')}
            </Button>,
          ]}
        >
          <Text className="cm-mono cm-ellipsis" title={entry.name}>
            {entry.name}
          </Text>
          <Text type="secondary" className="cm-list-size">
            {formatFileSize(entry.blob.size)}
          </Text>
        </List.Item>
      )}
    />
  );
}
