import { RotateLeftOutlined, RotateRightOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Select, Space, Spin, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ReactCrop from 'react-image-crop';
import type { PercentCrop } from 'react-image-crop';
import { Text } from '@/components/Text';
import 'react-image-crop/dist/ReactCrop.css';
import { ANGLES, centredCrop, cropAspect, outputSize } from './image-resizer.service';
import type { Angle, ResizerSettings, Size } from './image-resizer.service';
import type { Preview, Source } from './useSources';

export interface CropEditorProps {
  value: ResizerSettings;
  onChange: (next: ResizerSettings) => void;
  sources: readonly Source[];
  selectedId?: string;
  onSelect: (id: string) => void;
  preview?: Preview;
  /** Upright size of the previewed image, once probed. */
  size?: Size;
}

const turn = (angle: Angle, by: 90 | 270): Angle => ANGLES[(ANGLES.indexOf(angle) + by / 90) % 4]!;

/**
 * The crop box over a preview of the selected image, and the rotate/flip buttons. The box is held
 * in percent of the preview, which is the same share of the full image, so it carries over to the
 * rest of the batch; the output ratio (turned if the image is turned a quarter) constrains it.
 */
export function CropEditor({ value, onChange, sources, selectedId, onSelect, preview, size }: CropEditorProps) {
  const { t } = useTranslation('image-resizer');
  // The loaded preview's own size places a ratio crop before the probe of the full image returns.
  const [shown, setShown] = useState<Size>();
  const aspect = value.ratio ? cropAspect(value.ratio, value.angle) : undefined;
  const reference = size ?? shown;
  const share = value.crop ?? (aspect !== undefined && reference ? centredCrop(reference, aspect) : undefined);
  // While the box is dragged it lives here (a new box starts at 0×0, which settings do not allow); the settings get it on release.
  const [draft, setDraft] = useState<PercentCrop>();
  const crop: PercentCrop | undefined =
    draft ?? (share ? { unit: '%', x: share.x * 100, y: share.y * 100, width: share.width * 100, height: share.height * 100 } : undefined);
  const empty = (box: PercentCrop) => box.width <= 0 || box.height <= 0;
  // ReactCrop also "completes" the 0×0 box the moment it is drawn; only a real box is taken.
  const commit = (next: PercentCrop) => {
    if (empty(next)) return;
    setDraft(undefined);
    onChange({
      ...value,
      crop: { x: next.x / 100, y: next.y / 100, width: Math.min(1, next.width / 100), height: Math.min(1, next.height / 100) },
    });
  };
  const result = size ? outputSize(value, size) : undefined;
  const handle = t('crop.handle');

  return (
    <div className="image-resizer__crop" data-testid="resizer-crop">
      {sources.length > 1 ? (
        <Select
          value={selectedId}
          onChange={onSelect}
          aria-label={t('crop.preview')}
          className="image-resizer__pick"
          options={sources.map((source) => ({ value: source.id, label: source.file.name }))}
          data-testid="resizer-preview-select"
        />
      ) : null}
      <div className="image-resizer__stage">
        {preview?.url ? (
          <ReactCrop
            crop={crop}
            aspect={aspect}
            keepSelection
            ruleOfThirds
            onChange={(_, percent) => setDraft(percent)}
            onComplete={(_, percent) => commit(percent)}
            onDragEnd={() => setDraft((box) => (box && empty(box) ? undefined : box))}
            ariaLabels={{
              cropArea: t('crop.cropArea'),
              nwDragHandle: handle,
              nDragHandle: handle,
              neDragHandle: handle,
              eDragHandle: handle,
              seDragHandle: handle,
              sDragHandle: handle,
              swDragHandle: handle,
              wDragHandle: handle,
            }}
          >
            <img
              src={preview.url}
              alt={t('crop.preview')}
              className="image-resizer__image"
              onLoad={(event) => setShown({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
              data-testid="resizer-preview"
            />
          </ReactCrop>
        ) : preview?.failed ? (
          <Text type="secondary">{t('crop.noPreview')}</Text>
        ) : (
          <Spin tip={t('crop.loading')}>
            <div className="image-resizer__placeholder" />
          </Spin>
        )}
      </div>
      <Space wrap size={8}>
        <Tooltip title={t('crop.rotateLeft')}>
          <Button
            icon={<RotateLeftOutlined />}
            aria-label={t('crop.rotateLeft')}
            onClick={() => onChange({ ...value, angle: turn(value.angle, 270) })}
            data-testid="resizer-rotate-left"
          />
        </Tooltip>
        <Tooltip title={t('crop.rotateRight')}>
          <Button
            icon={<RotateRightOutlined />}
            aria-label={t('crop.rotateRight')}
            onClick={() => onChange({ ...value, angle: turn(value.angle, 90) })}
            data-testid="resizer-rotate-right"
          />
        </Tooltip>
        <Button
          icon={<SwapOutlined />}
          type={value.flipX ? 'primary' : 'default'}
          aria-pressed={value.flipX}
          onClick={() => onChange({ ...value, flipX: !value.flipX })}
          data-testid="resizer-flip-x"
        >
          {t('crop.flipX')}
        </Button>
        <Button
          icon={<SwapOutlined rotate={90} />}
          type={value.flipY ? 'primary' : 'default'}
          aria-pressed={value.flipY}
          onClick={() => onChange({ ...value, flipY: !value.flipY })}
          data-testid="resizer-flip-y"
        >
          {t('crop.flipY')}
        </Button>
        {value.angle !== 0 ? <Tag data-testid="resizer-angle">{t('crop.angle', { angle: value.angle })}</Tag> : null}
        {value.crop || value.ratio ? (
          <Button onClick={() => onChange({ ...value, crop: null, ratio: null })} data-testid="resizer-crop-reset">
            {t('crop.reset')}
          </Button>
        ) : null}
      </Space>
      {result && size ? (
        <Text strong data-testid="resizer-result-size">
          {t('crop.result', { width: result.width, height: result.height, sourceWidth: size.width, sourceHeight: size.height })}
        </Text>
      ) : null}
      <Text type="secondary">{t('crop.hint')}</Text>
    </div>
  );
}
