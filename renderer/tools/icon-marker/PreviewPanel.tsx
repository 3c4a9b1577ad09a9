import { useTranslation } from 'react-i18next';
import { Spin } from '@/components/Spin';
import { paintKey } from './icon-marker.service';
import type { IconSettings } from './icon-marker.service';
import { Text, Title } from '@/components/Text';

interface Props {
  settings: IconSettings;
  previews: Record<string, string>;
  busy: boolean;
}

/** A browser tab strip drawn at the icon's real pixel size. */
function TabMock({
  theme,
  label,
  icons,
  title,
}: {
  theme: 'light' | 'dark';
  label: string;
  icons: { size: number; src?: string }[];
  title: string;
}) {
  return (
    <figure className={`im-tabs im-tabs--${theme}`} data-testid={`tab-${theme}`}>
      <div className="im-tabs__strip">
        {icons.map(({ size, src }) => (
          <div key={size} className="im-tab">
            {src ? (
              <img src={src} width={size} height={size} alt="" className="im-pixelated" />
            ) : (
              <span style={{ width: size, height: size }} />
            )}
            <span className="im-tab__title">{title}</span>
          </div>
        ))}
      </div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** Live previews: tabs in light and dark, a phone home screen, and the maskable safe zone. */
export function PreviewPanel({ settings, previews, busy }: Props) {
  const { t } = useTranslation('icon-marker');
  const dark = (size: number) => previews[settings.dark ? paintKey.dark(size) : paintKey.png(size)];
  const label = settings.shortName.trim() || settings.name.trim();
  return (
    <section className="im-preview" aria-label={t('preview.title')}>
      <div className="im-preview__head">
        <Title level={5} className="im-heading">
          {t('preview.title')}
        </Title>
        {busy ? <Spin size="small" aria-label={t('preview.rendering')} /> : null}
      </div>
      <TabMock
        theme="light"
        label={t('preview.tabLight')}
        title={t('preview.tabTitle')}
        icons={[16, 32].map((size) => ({ size, src: previews[paintKey.png(size)] }))}
      />
      <TabMock
        theme="dark"
        label={t('preview.tabDark')}
        title={t('preview.tabTitle')}
        icons={[16, 32].map((size) => ({ size, src: dark(size) }))}
      />
      <div className="im-preview__row">
        <figure className="im-home" data-testid="home-preview">
          <div className="im-home__screen">
            <div className="im-home__app">
              {previews[paintKey.maskable(192)] ? (
                <img src={previews[paintKey.maskable(192)]} alt="" className="im-home__icon im-home__icon--circle" />
              ) : (
                <span className="im-home__icon" />
              )}
              <span className="im-home__label">{label}</span>
            </div>
            <div className="im-home__app">
              {previews[paintKey.apple] ? (
                <img src={previews[paintKey.apple]} alt="" className="im-home__icon im-home__icon--squircle" />
              ) : (
                <span className="im-home__icon" />
              )}
              <span className="im-home__label">{label}</span>
            </div>
            <span className="im-home__icon im-home__icon--placeholder" />
            <span className="im-home__icon im-home__icon--placeholder" />
          </div>
          <figcaption>{t('preview.homeScreen')}</figcaption>
        </figure>
        <figure className="im-safe" data-testid="safe-zone">
          <div className="im-safe__frame">
            {previews[paintKey.maskable(512)] ? <img src={previews[paintKey.maskable(512)]} alt="" /> : null}
            <span className="im-safe__circle" />
          </div>
          <figcaption>
            {t('preview.safeZone')}
            <br />
            <Text type="secondary">{t('preview.safeZoneHint')}</Text>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
