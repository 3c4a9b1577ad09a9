import { Button, Form, Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ID_PHOTOS, ID_PHOTO_DPI, RATIO_PRESETS, withSide } from './image-resizer.service';
import type { ResizerSettings } from './image-resizer.service';

export interface RatioPickerProps {
  value: ResizerSettings;
  onChange: (next: ResizerSettings) => void;
}

const FREE = 'free';

/** Ratio presets for the crop box, and ID photos (ratio plus their exact print size in pixels). */
export function RatioPicker({ value, onChange }: RatioPickerProps) {
  const { t } = useTranslation('image-resizer');
  const { ratio } = value;
  const current = RATIO_PRESETS.find((preset) => ratio && preset.width === ratio.width && preset.height === ratio.height)?.id ?? FREE;

  const chooseRatio = (id: string) => {
    const preset = RATIO_PRESETS.find((candidate) => candidate.id === id);
    const next = preset ? { width: preset.width, height: preset.height } : null;
    // A new ratio starts from its largest centred crop; a locked width keeps its value and the height
    // follows the ratio, or each image's own ratio when the crop is free again.
    const chosen = { ...value, ratio: next, crop: null };
    onChange(value.mode === 'exact' && value.lockAspect && value.width > 0 ? withSide(chosen, 'width', value.width) : chosen);
  };

  return (
    <Form layout="vertical">
      <Form.Item label={t('crop.ratio')}>
        <Segmented
          value={current}
          onChange={chooseRatio}
          options={[{ value: FREE, label: t('crop.free') }, ...RATIO_PRESETS.map((preset) => ({ value: preset.id, label: preset.id }))]}
          className="image-resizer__ratios"
          aria-label={t('crop.ratio')}
          data-testid="resizer-ratio"
        />
      </Form.Item>
      <Form.Item label={t('crop.idPhoto', { dpi: ID_PHOTO_DPI })}>
        <Space wrap size={8}>
          {ID_PHOTOS.map((photo) => {
            const active =
              ratio?.width === photo.width &&
              ratio.height === photo.height &&
              value.mode === 'exact' &&
              value.width === photo.width &&
              value.height === photo.height;
            return (
              <Button
                key={photo.id}
                type={active ? 'primary' : 'default'}
                aria-pressed={active}
                onClick={() =>
                  onChange({
                    ...value,
                    ratio: { width: photo.width, height: photo.height },
                    crop: null,
                    mode: 'exact',
                    width: photo.width,
                    height: photo.height,
                    lockAspect: true,
                    fit: 'cover',
                    enlarge: true,
                  })
                }
                data-testid={`resizer-id-${photo.id}`}
              >
                {t('crop.idPhotoSize', { name: t(`crop.idPhotos.${photo.id}`), width: photo.width, height: photo.height })}
              </Button>
            );
          })}
        </Space>
      </Form.Item>
    </Form>
  );
}
