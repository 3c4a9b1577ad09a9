import { ReloadOutlined } from '@ant-design/icons';
import { Button, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { CompareSlider } from '@/components/image/CompareSlider';
import { ImageBatchList } from '@/components/image/ImageBatchList';
import { ImageSettingsCard } from '@/components/image/ImageSettingsCard';
import type { Preset } from '@/components/image/presets';
import { useImageBatch } from '@/components/image/useImageBatch';
import type { ImageBatchItem } from '@/components/image/useImageBatch';
import { platform } from '@/platform';
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
  const { t: tc } = useTranslation('components');
  const { engine } = platform.image;
  const [settings, setSettings] = useState<ConvertSettings>(DEFAULT_SETTINGS);
  const batch = useImageBatch();
  const { frames, inspect } = useFrameCounts();
  // The original's object URL lives as long as the compare dialog.
  const [comparing, setComparing] = useState<{ item: ImageBatchItem; beforeUrl: string }>();
  const closeCompare = () => {
    if (comparing) URL.revokeObjectURL(comparing.beforeUrl);
    setComparing(undefined);
  };

  const builtIn = useMemo<Preset<ConvertSettings>[]>(
    () => [
      { id: 'builtin:webp', name: t('presets.webp'), settings: { ...DEFAULT_SETTINGS, format: 'webp', quality: 85 }, updatedAt: 0 },
      { id: 'builtin:jpeg-white', name: t('presets.jpegWhite'), settings: { ...DEFAULT_SETTINGS, format: 'jpeg', quality: 90, background: '#ffffff' }, updatedAt: 0 },
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
    const files = batch.items.map((item) => item.file);
    batch.clear();
    batch.add(files, (file) => convertJob(settings, engine, file));
  };

  return (
    <div className="image-convert">
      <ImageSettingsCard title={t('settings.title')} toolId="image-convert" builtIn={builtIn} current={settings} onApply={setSettings} parse={parseSettings}>
        <ConvertSettingsForm value={settings} engine={engine} onChange={setSettings} />
      </ImageSettingsCard>
      <div className="image-convert__work">
        <FileDropZone onFiles={start} accept={ACCEPT} title={t('drop.title')} hint={t('drop.hint')} />
        <Typography.Text type="secondary" data-testid="convert-inputs">
          {t(`inputs.${engine}`)}
        </Typography.Text>
        {batch.items.length > 0 ? (
          <Button icon={<ReloadOutlined />} onClick={rerun} data-testid="convert-rerun">
            {t('settings.rerun')}
          </Button>
        ) : null}
        <AnimatedNotice items={batch.items} frames={frames} />
        <ImageBatchList batch={batch} onCompare={(item) => setComparing({ item, beforeUrl: URL.createObjectURL(item.file) })} />
      </div>
      <Modal open={Boolean(comparing)} title={comparing ? tc('image.compareTitle', { name: comparing.item.name }) : null} onCancel={closeCompare} footer={null} width="min(1100px, 96vw)" destroyOnHidden>
        {comparing?.item.url && comparing.item.result ? (
          <CompareSlider beforeUrl={comparing.beforeUrl} afterUrl={comparing.item.url} width={comparing.item.result.width} height={comparing.item.result.height} />
        ) : null}
      </Modal>
    </div>
  );
}
