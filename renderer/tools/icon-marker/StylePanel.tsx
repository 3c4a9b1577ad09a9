import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MASKABLE_MIN_PADDING } from '@shared/image/favicon-layout';
import { Alert } from '@/components/Alert';
import { ColorField } from '@/components/ColorField';
import { Input } from '@/components/Input';
import { Slider } from '@/components/Slider';
import { Space } from '@/components/Space';
import { Switch } from '@/components/Switch';
import { Text, Title } from '@/components/Text';
import { useIconMarkerStore } from './icon-marker.store';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="im-row">
      <Text className="im-row__label">{label}</Text>
      <div className="im-row__control">{children}</div>
    </div>
  );
}

/** Background, padding, rounding, maskable padding, dark variant and the manifest's names. */
export function StylePanel() {
  const { t } = useTranslation('icon-marker');
  const { settings, update } = useIconMarkerStore();
  const percent = (value: number) => `${value}%`;
  return (
    <Space direction="vertical" size={8} className="im-block">
      <Title level={5} className="im-heading">
        {t('style.title')}
      </Title>
      <Row label={t('style.background')}>
        <ColorField
          value={settings.background}
          disabled={settings.transparent}
          onChange={(background) => update({ background })}
          label={t('style.background')}
          testId="background"
        />
        <span className="im-toggle">
          <Switch
            size="small"
            checked={settings.transparent}
            onChange={(transparent) => update({ transparent })}
            aria-label={t('style.transparent')}
            data-testid="transparent"
          />
          <Text type="secondary">{t('style.transparent')}</Text>
        </span>
      </Row>
      {settings.transparent ? (
        <Text type="secondary" className="im-note">
          {t('style.transparentHint')}
        </Text>
      ) : null}
      <Row label={t('style.padding')}>
        <Slider
          min={0}
          max={40}
          value={settings.padding}
          onChange={(padding) => update({ padding })}
          format={percent}
          className="im-slider"
          aria-label={t('style.padding')}
          data-testid="padding"
        />
      </Row>
      <Row label={t('style.rounding')}>
        <Slider
          min={0}
          max={50}
          value={settings.rounding}
          onChange={(rounding) => update({ rounding })}
          format={percent}
          className="im-slider"
          aria-label={t('style.rounding')}
          data-testid="rounding"
        />
      </Row>
      <Row label={t('style.maskablePadding')}>
        <Slider
          min={0}
          max={40}
          value={settings.maskablePadding}
          onChange={(maskablePadding) => update({ maskablePadding })}
          format={percent}
          className="im-slider"
          aria-label={t('style.maskablePadding')}
          data-testid="maskable-padding"
        />
      </Row>
      {settings.maskablePadding / 100 < MASKABLE_MIN_PADDING ? (
        <Alert type="warning" showIcon message={t('style.maskableUnsafe')} data-testid="maskable-unsafe" />
      ) : null}

      <Title level={5} className="im-heading">
        {t('dark.title')}
      </Title>
      <Row label={t('dark.enable')}>
        <Switch
          size="small"
          checked={settings.dark}
          onChange={(dark) => update({ dark })}
          aria-label={t('dark.enable')}
          data-testid="dark-toggle"
        />
      </Row>
      {settings.dark ? (
        <>
          <Row label={t('dark.background')}>
            <ColorField
              value={settings.darkBackground}
              disabled={settings.transparent}
              onChange={(darkBackground) => update({ darkBackground })}
              label={t('dark.background')}
              testId="dark-background"
            />
          </Row>
          {settings.source === 'image' ? null : (
            <Row label={t('dark.textColor')}>
              <ColorField
                value={settings.darkTextColor}
                onChange={(darkTextColor) => update({ darkTextColor })}
                label={t('dark.textColor')}
                testId="dark-text-color"
              />
            </Row>
          )}
          <Text type="secondary" className="im-note">
            {t('dark.hint')}
          </Text>
        </>
      ) : null}

      <Title level={5} className="im-heading">
        {t('app.title')}
      </Title>
      <Row label={t('app.name')}>
        <Input
          value={settings.name}
          onChange={(event) => update({ name: event.target.value })}
          maxLength={60}
          aria-label={t('app.name')}
          data-testid="app-name"
        />
      </Row>
      <Row label={t('app.shortName')}>
        <Input
          value={settings.shortName}
          onChange={(event) => update({ shortName: event.target.value })}
          maxLength={24}
          aria-label={t('app.shortName')}
          data-testid="app-short-name"
        />
      </Row>
    </Space>
  );
}
