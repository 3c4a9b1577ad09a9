import FontSizeOutlined from '@ant-design/icons-svg/es/asn/FontSizeOutlined';
import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import type { Jitter } from '@shared/handwriting';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Checkbox } from '@/components/Checkbox';
import { ColorField } from '@/components/ColorField';
import { Field } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { NumberInput } from '@/components/NumberInput';
import { Panel } from '@/components/Panel';
import { Segmented } from '@/components/Segmented';
import { Select } from '@/components/Select';
import { Slider } from '@/components/Slider';
import { Text } from '@/components/Text';
import { FilePickButton } from './FilePickButton';
import {
  CUSTOM_SIZE_RANGE,
  FONT_IDS,
  INK_SWATCHES,
  JITTER_KEYS,
  JITTER_MAX,
  JITTER_STEP,
  PAGE_SIZE_CHOICES,
  PAPER_KINDS,
} from './hand-write.service';
import type { PageSettings } from './hand-write.service';

export const FONT_ACCEPT = '.ttf,.otf,.woff,.woff2';

export interface SettingsPanelProps {
  value: PageSettings;
  onChange: (next: PageSettings) => void;
  ownFontName?: string;
  onFontFile: (file: File) => void;
  /** Why the last font file was refused (translated). */
  fontProblem?: string;
  backgroundName?: string;
  onBackgroundFile: (file: File) => void;
}

/** Every control writes one field; the font and background files are kept by the page. */
export function SettingsPanel({
  value,
  onChange,
  ownFontName,
  onFontFile,
  fontProblem,
  backgroundName,
  onBackgroundFile,
}: SettingsPanelProps) {
  const { t } = useTranslation('hand-write');
  const set = <K extends keyof PageSettings>(key: K, next: PageSettings[K]) => onChange({ ...value, [key]: next });
  const setJitter = (key: keyof Jitter, next: number) => onChange({ ...value, jitter: { ...value.jitter, [key]: next } });
  const fonts = [
    ...FONT_IDS.map((id) => ({ value: id, label: t(`settings.fonts.${id}`) })),
    ...(ownFontName ? [{ value: 'own' as const, label: t('settings.ownFont', { name: ownFontName }) }] : []),
  ];
  const number = (key: 'margin' | 'fontSizePt' | 'lineSpacing' | 'indent', min: number, max: number, step: number, testId: string) => (
    <NumberInput
      value={value[key]}
      min={min}
      max={max}
      step={step}
      onChange={(next) => {
        if (next !== null) set(key, next);
      }}
      aria-label={t(`settings.${key === 'fontSizePt' ? 'fontSize' : key}`)}
      data-testid={testId}
    />
  );

  return (
    <Panel className="hand-write__settings" title={t('settings.title')}>
      <div className="bb-form hand-write__form">
        <Field label={t('settings.font')}>
          <div className="hand-write__row">
            <Select
              value={value.font}
              onChange={(font) => set('font', font)}
              options={fonts}
              aria-label={t('settings.font')}
              data-testid="hw-font"
              className="hand-write__grow"
            />
            <FilePickButton accept={FONT_ACCEPT} onFile={onFontFile} icon={<Icon icon={FontSizeOutlined} />} testId="hw-font-file">
              {t('settings.addFont')}
            </FilePickButton>
          </div>
          {fontProblem ? <Alert type="error" showIcon message={fontProblem} data-testid="hw-font-error" /> : null}
        </Field>
        <Field label={t('settings.paper')}>
          <Segmented
            block
            value={value.paper}
            onChange={(paper) => set('paper', paper)}
            options={PAPER_KINDS.map((kind) => ({ value: kind, label: t(`settings.papers.${kind}`) }))}
            aria-label={t('settings.paper')}
            data-testid="hw-paper"
          />
        </Field>
        <Field label={t('settings.background')}>
          <div className="hand-write__row">
            <FilePickButton accept="image/*" onFile={onBackgroundFile} icon={<Icon icon={PictureOutlined} />} testId="hw-background">
              {t('settings.pickBackground')}
            </FilePickButton>
            {backgroundName ? (
              <Checkbox checked={value.useBackground} onChange={(checked) => set('useBackground', checked)} data-testid="hw-use-background">
                {t('settings.useBackground')}
              </Checkbox>
            ) : null}
          </div>
          {backgroundName ? <Text type="secondary">{backgroundName}</Text> : null}
        </Field>
        <Field label={t('settings.size')}>
          <Segmented
            block
            value={value.size}
            onChange={(size) => set('size', size)}
            options={PAGE_SIZE_CHOICES.map((size) => ({ value: size, label: t(`settings.sizes.${size}`) }))}
            aria-label={t('settings.size')}
            data-testid="hw-size"
          />
          {value.size === 'custom' ? (
            <div className="hand-write__row hand-write__row--fields">
              {(['width', 'height'] as const).map((side) => (
                <Field key={side} label={t(`settings.${side}`)}>
                  <NumberInput
                    value={value.custom[side]}
                    min={CUSTOM_SIZE_RANGE.min}
                    max={CUSTOM_SIZE_RANGE.max}
                    onChange={(next) => {
                      if (next !== null) set('custom', { ...value.custom, [side]: next });
                    }}
                    aria-label={t(`settings.${side}`)}
                    data-testid={`hw-custom-${side}`}
                  />
                </Field>
              ))}
            </div>
          ) : null}
        </Field>
        <div className="hand-write__row hand-write__row--fields">
          <Field label={t('settings.fontSize')}>{number('fontSizePt', 6, 72, 1, 'hw-font-size')}</Field>
          <Field label={t('settings.lineSpacing')}>{number('lineSpacing', 1, 4, 0.1, 'hw-line-spacing')}</Field>
          <Field label={t('settings.margin')}>{number('margin', 0, 100, 1, 'hw-margin')}</Field>
          <Field label={t('settings.indent')}>{number('indent', 0, 4, 1, 'hw-indent')}</Field>
        </div>
        <Field label={t('settings.ink')}>
          <ColorField
            label={t('settings.ink')}
            value={value.ink}
            onChange={(ink) => set('ink', ink)}
            swatches={INK_SWATCHES}
            testId="hw-ink"
          />
        </Field>
        <Field label={t('settings.randomness')}>
          <div className="hand-write__jitter">
            {JITTER_KEYS.map((key) => (
              <label key={key} className="hand-write__jitter-row">
                <span>{t(`settings.jitter.${key}`)}</span>
                <Slider
                  value={value.jitter[key]}
                  min={0}
                  max={JITTER_MAX[key]}
                  step={JITTER_STEP[key]}
                  onChange={(next) => setJitter(key, next)}
                  aria-label={t(`settings.jitter.${key}`)}
                  data-testid={`hw-jitter-${key}`}
                />
              </label>
            ))}
            <Button
              icon={<Icon icon={ReloadOutlined} />}
              onClick={() => set('seed', (value.seed % 1_000_000) + 1)}
              data-testid="hw-reshuffle"
            >
              {t('settings.reshuffle')}
            </Button>
          </div>
        </Field>
      </div>
    </Panel>
  );
}
