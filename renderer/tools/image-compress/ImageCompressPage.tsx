import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FileDropZone } from '@/components/FileDropZone';
import { platform } from '@/platform';
import { ImageBatchList } from '@/components/image/ImageBatchList';
import { ImageSettingsCard } from '@/components/image/ImageSettingsCard';
import { compressBuiltInPresets } from '@/components/image/compress-presets';
import { useBatchCount, useImageBatch } from '@/components/image/useImageBatch';
import { useImageCompare } from '@/components/image/useImageCompare';
import { Icon } from '@/layouts/plain/icon';
import { CompressSettingsForm } from './CompressSettingsForm';
import { DEFAULT_SETTINGS, compressJob, parseSettings } from './image-compress.service';
import type { CompressSettings } from './image-compress.service';
import './image-compress.css';

const ACCEPT = 'image/*,.heic,.heif,.avif,.jfif';

export default function ImageCompressPage() {
  const { t } = useTranslation('image-compress');
  const [settings, setSettings] = useState<CompressSettings>(DEFAULT_SETTINGS);
  const batch = useImageBatch();
  const batchCount = useBatchCount(batch);
  const compare = useImageCompare();

  // The built-ins are shared: PicHub offers the same ones (renderer/components/image/compress-presets.ts).
  const builtIn = useMemo(() => compressBuiltInPresets((key) => t(`presets.${key}`)), [t]);

  // Compressing must never hand out a larger file: a result that grew gives way to the original.
  const start = (files: readonly File[]) => batch.add(files, (file) => compressJob(settings, file), { neverLarger: true });
  const rerun = () => {
    const files = batch.files();
    batch.clear();
    start(files);
  };

  return (
    <div className="image-compress">
      <ImageSettingsCard
        title={t('settings.title')}
        toolId="image-compress"
        builtIn={builtIn}
        current={settings}
        onApply={setSettings}
        parse={parseSettings}
      >
        <CompressSettingsForm value={settings} engine={platform.image.engine} onChange={setSettings} />
      </ImageSettingsCard>
      <div className="image-compress__work">
        <div className="image-compress__inputs">
          <FileDropZone onFiles={start} accept={ACCEPT} title={t('drop.title')} hint={t('drop.hint')} />
        </div>
        {batchCount > 0 ? (
          <Button icon={<Icon icon={ReloadOutlined} />} onClick={rerun} data-testid="compress-rerun">
            {t('settings.rerun')}
          </Button>
        ) : null}
        <ImageBatchList batch={batch} onCompare={compare.open} />
      </div>
      {compare.dialog}
    </div>
  );
}
