import { LinkOutlined } from '@ant-design/icons';
import { Checkbox, Form, InputNumber, Radio, Segmented, Slider, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESIZER_FITS, RESIZER_FORMATS, RESIZE_MODES, linkedSide, withLock, withSide } from './image-resizer.service';
import type { ResizerSettings } from './image-resizer.service';
import { Title } from '@/components/Text';

export interface SizeFormProps {
  value: ResizerSettings;
  onChange: (next: ResizerSettings) => void;
  /** Width / height of the previewed image after crop and rotation: the empty side's hint under the aspect lock. */
  aspect?: number;
}

/** Resize mode, pixels or percentage, aspect lock, fit, and the output format: each control writes its fields of the settings. */
export function SizeForm({ value, onChange, aspect }: SizeFormProps) {
  const { t } = useTranslation('image-resizer');
  const set = (patch: Partial<ResizerSettings>) => onChange({ ...value, ...patch });
  const linked = value.lockAspect && aspect !== undefined;
  // The side left empty under the lock follows each image; its hint is what the previewed image gets.
  const hint = (typed: number, ratio: number) =>
    linked && typed > 0 ? t('size.autoValue', { value: linkedSide(typed, ratio) }) : t('size.auto');
  const widthHint = hint(value.height, aspect === undefined ? 1 : 1 / aspect);
  const heightHint = hint(value.width, aspect ?? 1);
  return (
    <Form layout="vertical" className="image-resizer__form">
      <Form.Item label={t('size.mode')}>
        <Segmented
          block
          value={value.mode}
          onChange={(mode) => set({ mode })}
          options={RESIZE_MODES.map((mode) => ({ value: mode, label: t(`size.modes.${mode}`) }))}
          aria-label={t('size.mode')}
          data-testid="resizer-mode"
        />
      </Form.Item>
      {value.mode === 'exact' ? (
        <>
          <div className="image-resizer__sides">
            <Form.Item label={t('size.width')}>
              <InputNumber
                min={0}
                max={16_384}
                value={value.width || null}
                placeholder={widthHint}
                suffix={t('size.px')}
                onChange={(width) => onChange(withSide(value, 'width', width ?? 0))}
                aria-label={t('size.width')}
                data-testid="resizer-width"
              />
            </Form.Item>
            <LinkOutlined className={linked ? 'image-resizer__link image-resizer__link--on' : 'image-resizer__link'} aria-hidden />
            <Form.Item label={t('size.height')}>
              <InputNumber
                min={0}
                max={16_384}
                value={value.height || null}
                placeholder={heightHint}
                suffix={t('size.px')}
                onChange={(height) => onChange(withSide(value, 'height', height ?? 0))}
                aria-label={t('size.height')}
                data-testid="resizer-height"
              />
            </Form.Item>
          </div>
          <Form.Item extra={t('size.lockHint')}>
            <Checkbox
              checked={value.lockAspect}
              onChange={(event) => onChange(withLock(value, event.target.checked))}
              data-testid="resizer-lock"
            >
              {t('size.lock')}
            </Checkbox>
          </Form.Item>
          <Form.Item label={t('size.fit')}>
            <Radio.Group value={value.fit} onChange={(event) => set({ fit: event.target.value })} data-testid="resizer-fit">
              <Space direction="vertical" size={2}>
                {RESIZER_FITS.map((fit) => (
                  <Radio key={fit} value={fit}>
                    {t(`size.fits.${fit}`)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item extra={t('size.enlargeHint')}>
            <Checkbox checked={value.enlarge} onChange={(event) => set({ enlarge: event.target.checked })} data-testid="resizer-enlarge">
              {t('size.enlarge')}
            </Checkbox>
          </Form.Item>
        </>
      ) : null}
      {value.mode === 'percent' ? (
        <Form.Item label={t('size.percent')}>
          <div className="image-resizer__slider">
            <Slider
              min={1}
              max={200}
              value={Math.min(200, value.percent)}
              onChange={(percent) => set({ percent })}
              ariaLabelForHandle={t('size.percent')}
            />
            <InputNumber
              min={1}
              max={1000}
              value={value.percent}
              suffix="%"
              onChange={(percent) => set({ percent: percent ?? value.percent })}
              aria-label={t('size.percent')}
              data-testid="resizer-percent"
            />
          </div>
        </Form.Item>
      ) : null}
      <Title level={5}>{t('output.title')}</Title>
      <Form.Item label={t('output.format')}>
        <Segmented
          block
          value={value.format}
          onChange={(format) => set({ format })}
          options={RESIZER_FORMATS.map((format) => ({ value: format, label: t(`output.formats.${format}`) }))}
          aria-label={t('output.format')}
          data-testid="resizer-format"
        />
      </Form.Item>
      <Form.Item label={t('output.quality')} extra={t('output.qualityHint')}>
        <div className="image-resizer__slider">
          <Slider
            min={1}
            max={100}
            value={value.quality}
            onChange={(quality) => set({ quality })}
            ariaLabelForHandle={t('output.quality')}
          />
          <InputNumber
            min={1}
            max={100}
            value={value.quality}
            onChange={(quality) => set({ quality: quality ?? value.quality })}
            aria-label={t('output.quality')}
            data-testid="resizer-quality"
          />
        </div>
      </Form.Item>
    </Form>
  );
}
