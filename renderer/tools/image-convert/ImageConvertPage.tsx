import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FileDropZone } from '@/components/FileDropZone';
import { ImageBatchList } from '@/components/image/ImageBatchList';
import { ImageSettingsCard } from '@/components/image/ImageSettingsCard';
import type { Preset } from '@/components/image/presets';
import { useBatchCount, useImageBatch } from '@/components/image/useImageBatch';
import { useImageCompare } from '@/components/image/useImageCompare';
import { Text } from '@/components/Text';
import { platform } from '@/platform';
import { Icon } from '@/layouts/plain/icon';
import { AnimatedNotice } from './AnimatedNotice';
import { ConvertSettingsForm } from './ConvertSettingsForm';
import { DEFAULT_SETTINGS, convertJob, parseSettings } from './image-convert.service';
import type { ConvertSettings } from './image-convert.service';
import { useFrameCounts } from './useFrameCounts';
import './image-convert.css';

// image/* covers BMP, ICO, SVG and TIFF by their MIME types; HEIC/HEIF and AVIF often arrive without one.
const ACCEPT = 'image/*,.heic,.heif,.avif,.jfif';

export default function ImageConvertPage() {
  const { t } = useTranslation('image-convert');
  const { engine } = platform.image;
  const [settings, setSettings] = useState<ConvertSettings>(DEFAULT_SETTINGS);
  const batch = useImageBatch();
  const batchCount = useBatchCount(batch);
  const { frames, inspect } = useFrameCounts();
  const compare = useImageCompare();

  const builtIn = useMemo<Preset<ConvertSettings>[]>(
    () => [
      { id: 'builtin:webp', name: t('presets.webp'), settings: { ...DEFAULT_SETTINGS, format: 'webp', quality: 85 }, updatedAt: 0 },
      {
        id: 'builtin:jpeg-white',
        name: t('presets.jpegWhite'),
        settings: { ...DEFAULT_SETTINGS, format: 'jpeg', quality: 90, background: '#ffffff' },
        updatedAt: 0,
      },
      { id: 'builtin:png', name: t('presets.png'), settings: { ...DEFAULT_SETTINGS, format: 'png' }, updatedAt: 0 },
      { id: 'builtin:ico', name: t('presets.icon'), settings: { ...DEFAULT_SETTINGS, format: 'ico', icoSize: 256 }, updatedAt: 0 },
      { id: 'builtin:avif', name: t('presets.avif'), settings: { ...DEFAULT_SETTINGS, format: 'avif', quality: 60 }, updatedAt: 0 },
    ],
    [t],
  );

  const start = (files: readonly File[]) => {
    inspect(files);
    batch.add(files, (file) => convertJob(settings, engine, file));
  };
  const rerun = () => {
    const files = batch.files();
    batch.clear();
    batch.add(files, (file) => convertJob(settings, engine, file));
  };

  return (
    <div className="image-convert">
      <ImageSettingsCard
        title={t('settings.title')}
        toolId="image-convert"
        builtIn={builtIn}
        current={settings}
        onApply={setSettings}
        parse={parseSettings}
      >
        <ConvertSettingsForm value={settings} engine={engine} onChange={setSettings} />
      </ImageSettingsCard>
      <div className="image-convert__work">
        <FileDropZone onFiles={start} accept={ACCEPT} title={t('drop.title')} hint={t('drop.hint')} />
        <Text type="secondary" data-testid="convert-inputs">
          {t(`inputs.${engine}`)}
        </Text>
        {batchCount > 0 ? (
          <Button icon={<Icon icon={ReloadOutlined} />} onClick={rerun} data-testid="convert-rerun">
            {t('settings.rerun')}
          </Button>
        ) : null}
        <AnimatedNotice batch={batch} frames={frames} />
        <ImageBatchList batch={batch} onCompare={compare.open} />
      </div>
      {compare.dialog}
    </div>
  );
}
