import { Alert } from '@/components/Alert';
import { Empty } from '@/components/Empty';
import { Panel } from '@/components/Panel';
import { Select } from '@/components/Select';
import { Spin } from '@/components/Spin';
import { Text } from '@/components/Text';
import { useTranslation } from 'react-i18next';
import type { ImageJobInput } from '@shared/contracts/image';
import { usePreview } from './usePreview';

export interface WatermarkPreviewProps {
  files: readonly File[];
  selected: number;
  onSelect: (index: number) => void;
  /** Undefined while there is nothing to draw. */
  job: ImageJobInput | undefined;
}

/** The selected image with the watermark as it will come out; a picker when several images are queued. */
export function WatermarkPreview({ files, selected, onSelect, job }: WatermarkPreviewProps) {
  const { t } = useTranslation('image-watermark');
  const file = files[selected];
  const preview = usePreview(file, job);
  let body;
  if (!file) body = <Empty description={t('preview.empty')} />;
  else if (!job) body = <Alert type="info" showIcon message={t('preview.noMark')} />;
  else if (preview.error) body = <Alert type="error" showIcon message={preview.error} data-testid="wm-preview-error" />;
  else
    body = (
      <Spin spinning={preview.busy} tip={t('preview.rendering')}>
        <div className="image-watermark__stage">
          {preview.url ? <img src={preview.url} alt={t('preview.alt', { name: file.name })} data-testid="wm-preview" /> : null}
        </div>
      </Spin>
    );
  return (
    <Panel
      title={t('preview.title')}
      extra={
        files.length > 1 ? (
          <Select
            size="small"
            value={selected}
            onChange={onSelect}
            aria-label={t('preview.choose')}
            className="image-watermark__pick"
            options={files.map((each, index) => ({ value: index, label: each.name }))}
            data-testid="wm-preview-select"
          />
        ) : file ? (
          <Text type="secondary" ellipsis className="image-watermark__pick">
            {file.name}
          </Text>
        ) : null
      }
    >
      {body}
    </Panel>
  );
}
