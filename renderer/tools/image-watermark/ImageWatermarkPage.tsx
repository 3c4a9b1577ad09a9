import BgColorsOutlined from '@ant-design/icons-svg/es/asn/BgColorsOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FileDropZone } from '@/components/FileDropZone';
import { ImageBatchList } from '@/components/image/ImageBatchList';
import { ImageSettingsCard } from '@/components/image/ImageSettingsCard';
import type { Preset } from '@/components/image/presets';
import { useImageBatch } from '@/components/image/useImageBatch';
import { Text } from '@/components/Text';
import { isLanguage } from '@/i18n/language';
import { Icon } from '@/layouts/plain/icon';
import { localizeDefaults } from '@/lib/local-defaults';
import { DEFAULT_SETTINGS, overlayOp, parseSettings, previewJob, watermarkJob } from './image-watermark.service';
import type { WatermarkSettings } from './image-watermark.service';
import type { Logo } from './LogoPicker';
import { WatermarkForm } from './WatermarkForm';
import { WatermarkPreview } from './WatermarkPreview';
import './image-watermark.css';

const ACCEPT = 'image/*,.heic,.heif,.avif,.jfif';

export default function ImageWatermarkPage() {
  const { t, i18n } = useTranslation('image-watermark');
  const defaults = useMemo<WatermarkSettings>(() => ({ ...DEFAULT_SETTINGS, text: t('defaultText') }), [t]);
  const [settings, setSettings] = useState<WatermarkSettings>(defaults);
  useEffect(() => {
    // An updater, not the value this render saw: text typed just before the switch must not be lost.
    const follow = (language: string) => {
      if (isLanguage(language))
        setSettings((current) =>
          localizeDefaults(current, (lng) => ({ text: i18n.t('defaultText', { ns: 'image-watermark', lng }) }), language),
        );
    };
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n]);
  const [logo, setLogo] = useState<Logo>();
  const [files, setFiles] = useState<File[]>([]);
  const [selected, setSelected] = useState(0);
  const batch = useImageBatch();

  const overlay = useMemo(() => overlayOp(settings, logo?.bytes), [settings, logo]);
  const preview = useMemo(() => (overlay ? previewJob(overlay) : undefined), [overlay]);

  const builtIn = useMemo<Preset<WatermarkSettings>[]>(
    () => [
      { id: 'builtin:corner', name: t('presets.corner'), settings: defaults, updatedAt: 0 },
      {
        id: 'builtin:tiled',
        name: t('presets.tiled'),
        settings: { ...defaults, size: 0.035, opacity: 0.25, angle: -30, tiled: true, gap: 0.12 },
        updatedAt: 0,
      },
      {
        id: 'builtin:center',
        name: t('presets.center'),
        settings: { ...defaults, size: 0.1, opacity: 0.35, bold: true, anchor: 'center' },
        updatedAt: 0,
      },
    ],
    [t, defaults],
  );

  const apply = () => {
    if (!overlay) return;
    batch.clear();
    batch.add(files, (file) => watermarkJob(overlay, settings, file));
  };

  return (
    <div className="image-watermark">
      <ImageSettingsCard
        title={t('settings.title')}
        toolId="image-watermark"
        builtIn={builtIn}
        current={settings}
        onApply={setSettings}
        parse={parseSettings}
      >
        <WatermarkForm value={settings} onChange={setSettings} logo={logo} onLogo={setLogo} />
      </ImageSettingsCard>
      <div className="image-watermark__work">
        <div className="image-watermark__inputs">
          <FileDropZone
            onFiles={(added) => setFiles((list) => [...list, ...added])}
            accept={ACCEPT}
            title={t('drop.title')}
            hint={t('drop.hint')}
          />
          <WatermarkPreview
            files={files}
            selected={Math.min(selected, Math.max(0, files.length - 1))}
            onSelect={setSelected}
            job={preview}
          />
        </div>
        {files.length > 0 ? (
          <div className="image-watermark__buttons">
            <Button type="primary" icon={<Icon icon={BgColorsOutlined} />} disabled={!overlay} onClick={apply} data-testid="wm-apply">
              {t('apply', { count: files.length })}
            </Button>
            <Button
              icon={<Icon icon={DeleteOutlined} />}
              onClick={() => {
                setFiles([]);
                setSelected(0);
              }}
              data-testid="wm-clear-files"
            >
              {t('clearFiles')}
            </Button>
            <Text type="secondary">{t('files', { count: files.length })}</Text>
          </div>
        ) : null}
        <ImageBatchList batch={batch} />
      </div>
    </div>
  );
}
