import { CloseOutlined } from '@ant-design/icons';
import { Button, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/format';
import type { OrderedPart } from './file-cutmerge.service';
import { Text } from '@/components/Text';

export interface PartItem {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  readonly file: File;
}

const PAGE_SIZE = 20;

/** The parts in merge order, with each one's CRC32 verdict once a verification ran. */
export function MergeParts({
  parts,
  crc,
  onRemove,
  disabled,
}: {
  parts: ReadonlyArray<OrderedPart<PartItem>>;
  crc?: ReadonlyMap<string, boolean | undefined>;
  onRemove: (id: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('file-cutmerge');
  return (
    <List
      size="small"
      bordered
      dataSource={parts as Array<OrderedPart<PartItem>>}
      rowKey={(entry) => entry.part.id}
      pagination={parts.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, size: 'small', showSizeChanger: false } : false}
      data-testid="merge-parts"
      renderItem={(entry) => {
        const ok = crc?.get(entry.part.id);
        return (
          <List.Item
            data-testid="merge-part"
            data-index={entry.index}
            actions={[
              <Button
                key="remove"
                size="small"
                type="text"
                icon={<CloseOutlined />}
                onClick={() => onRemove(entry.part.id)}
                disabled={disabled}
                aria-label={t('merge.remove')}
                title={t('merge.remove')}
              />,
            ]}
          >
            <Text type="secondary" className="cm-mono cm-index">
              {entry.index}
            </Text>
            <Text className="cm-mono cm-ellipsis" title={entry.part.name}>
              {entry.part.name}
            </Text>
            <Text type="secondary" className="cm-list-size">
              {formatFileSize(entry.part.size)}
            </Text>
            {ok === undefined ? null : (
              <Tag color={ok ? 'success' : 'error'} className="cm-crc" data-testid="part-crc" data-ok={String(ok)}>
                {t(ok ? 'merge.crcOk' : 'merge.crcBad')}
              </Tag>
            )}
          </List.Item>
        );
      }}
    />
  );
}
