import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Tag } from '@/components/Tag';
import { Text } from '@/components/Text';
import { Icon } from '@/components/Icon';
import { formatFileSize } from '@/lib/format';
import type { OrderedPart } from './file-cutmerge.service';
import type { PartItem } from './merge-items';
import { PartList } from './PartList';

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
    <PartList
      items={parts}
      rowKey={(entry) => entry.part.id}
      data-testid="merge-parts"
      rowTestId="merge-part"
      renderRow={(entry) => {
        const ok = crc?.get(entry.part.id);
        return {
          attributes: { 'data-index': entry.index },
          content: (
            <>
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
            </>
          ),
          actions: (
            <Button
              size="small"
              type="text"
              icon={<Icon icon={CloseOutlined} />}
              onClick={() => onRemove(entry.part.id)}
              disabled={disabled}
              aria-label={t('merge.remove')}
              title={t('merge.remove')}
            />
          ),
        };
      }}
    />
  );
}
