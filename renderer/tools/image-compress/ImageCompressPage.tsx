import { ReloadOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { CompareSlider } from '@/components/image/CompareSlider';
import { ImageBatchList } from '@/components/image/ImageBatchList';
import { ImageSettingsCard } from '@/components/image/ImageSettingsCard';
import type { Preset } from '@/components/image/presets';
import { useImageBatch } from '@/components/image/useImageBatch';
import type { ImageBatchItem } from '@/components/image/useImageBatch';
import { CompressSettingsForm } from './CompressSettingsForm';
import { DEFAULT_SETTINGS, compressJob, parseSettings } from './image-compress.service';
import type { CompressSettings } from './image-compress.service';
import './image-compress.css';

const ACCEPT = 'image/*,.heic,.heif,.avif,.jfif';

export default function ImageCompressPage() {
  const { t } = useTranslation('image-compress');
  const [settings, setSettings] = useState<CompressSettings>(DEFAULT_SETTINGS);
  const batch = useImageBatch();
  // The original's object URL lives as long as the compare dialog.
  const [comparing, setComparing] = useState<{ item: ImageBatchItem; beforeUrl: string }>();
  const closeCompare = () => {
    if (comparing) URL.revokeObjectURL(comparing.beforeUrl);
    setComparing(undefined);
  };
  const { t: tc } = useTranslation('components');

  const builtIn = useMemo<Preset<CompressSettings>[]>(
    () => [
      { id: 'builtin:wechat', name: t('presets.wechat'), settings: { ...DEFAULT_SETTINGS, format: 'webp', quality: 80, maxWidth: 1080 }, updatedAt: 0 },
      { id: 'builtin:under200', name: t('presets.under200'), settings: { ...DEFAULT_SETTINGS, format: 'jpeg', quality: 90, targetKB: 200 }, updatedAt: 0 },
      { id: 'builtin:web', name: t('presets.web'), settings: { ...DEFAULT_SETTINGS, format: 'webp', quality: 75, maxWidth: 1920 }, updatedAt: 0 },
      { id: 'builtin:avif', name: t('presets.avif'), settings: { ...DEFAULT_SETTINGS, format: 'avif', quality: 60 }, updatedAt: 0 },
    ],
    [t],
  );

  const start = (files: readonly File[]) => batch.add(files, (file) => compressJob(settings, file));
  const rerun = () => {
    const files = batch.items.map((item) => item.file);
    batch.clear();
    start(files);
  };

  return (
    <div className="image-compress">
      <ImageSettingsCard title={t('settings.title')} toolId="image-compress" builtIn={builtIn} current={settings} onApply={setSettings} parse={parseSettings}>
        <CompressSettingsForm value={settings} onChange={setSettings} />
      </ImageSettingsCard>
      <div className="image-compress__work">
        <FileDropZone onFiles={start} accept={ACCEPT} title={t('drop.title')} hint={t('drop.hint')} />
        {batch.items.length > 0 ? (
          <Button icon={<ReloadOutlined />} onClick={rerun} data-testid="compress-rerun">
            {t('settings.rerun')}
          </Button>
        ) : null}
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
