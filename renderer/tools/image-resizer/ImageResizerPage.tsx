import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FileDropZone } from '@/components/FileDropZone';
import { ImageBatchList } from '@/components/image/ImageBatchList';
import { ImageSettingsCard } from '@/components/image/ImageSettingsCard';
import type { Preset } from '@/components/image/presets';
import { useImageBatch } from '@/components/image/useImageBatch';
import { Text } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { usePreloadWhenIdle } from '@/lib/preload-when-idle';
import { SizeForm } from './SizeForm';
import { DEFAULT_SETTINGS, ID_PHOTOS, croppedSize, outputOptions, parseSettings, resizerJob } from './image-resizer.service';
import type { ResizerSettings, Size } from './image-resizer.service';
import { useSources } from './useSources';
import './image-resizer.css';

const ACCEPT = 'image/*,.heic,.heif,.avif,.jfif';

// The crop panel shows once images are added; it and antd load when the browser is idle after the first paint, or with the first images.
const CropPanel = lazyWithAntd(() => import('./CropPanel'));

export default function ImageResizerPage() {
  const { t } = useTranslation('image-resizer');
  const [settings, setSettings] = useState<ResizerSettings>(DEFAULT_SETTINGS);
  const sources = useSources();
  const batch = useImageBatch();
  const [running, setRunning] = useState(false);
  usePreloadWhenIdle(CropPanel.preload);

  const builtIn = useMemo<Preset<ResizerSettings>[]>(() => {
    const one = ID_PHOTOS[0];
    return [
      {
        id: 'builtin:avatar',
        name: t('presets.avatar'),
        settings: { ...DEFAULT_SETTINGS, ratio: { width: 1, height: 1 }, width: 800, height: 800 },
        updatedAt: 0,
      },
      {
        id: 'builtin:cover',
        name: t('presets.cover'),
        settings: { ...DEFAULT_SETTINGS, ratio: { width: 16, height: 9 }, width: 1920, height: 1080 },
        updatedAt: 0,
      },
      { id: 'builtin:half', name: t('presets.half'), settings: { ...DEFAULT_SETTINGS, mode: 'percent', percent: 50 }, updatedAt: 0 },
      {
        id: 'builtin:id-one',
        name: t('presets.idOne'),
        settings: {
          ...DEFAULT_SETTINGS,
          ratio: { width: one.width, height: one.height },
          width: one.width,
          height: one.height,
          format: 'jpeg',
          quality: 95,
        },
        updatedAt: 0,
      },
    ];
  }, [t]);

  const size = sources.selectedSize;
  const previewAspect = useMemo(() => {
    // A chosen ratio is exact; the crop's whole pixels are only close to it.
    if (settings.ratio) return settings.ratio.width / settings.ratio.height;
    if (!size) return undefined;
    const turned = croppedSize(settings, size);
    return turned.width / turned.height;
  }, [settings, size]);

  const run = async () => {
    setRunning(true);
    batch.clear();
    try {
      const measured = await sources.measured();
      const sizeOf = new Map<File, Size | undefined>(measured.map((source) => [source.file, source.size]));
      batch.add(
        measured.map((source) => source.file),
        (file) => {
          const known = sizeOf.get(file);
          // No size means the probe could not decode the file; processing decodes the same way and reports the translated error.
          return known ? resizerJob(settings, file, known) : { ops: [], output: outputOptions(settings, file) };
        },
      );
    } finally {
      setRunning(false);
    }
  };
  const clear = () => {
    batch.clear();
    sources.clear();
  };

  return (
    <div className="image-resizer">
      <ImageSettingsCard
        title={t('size.title')}
        toolId="image-resizer"
        builtIn={builtIn}
        current={settings}
        onApply={setSettings}
        parse={parseSettings}
      >
        <SizeForm value={settings} onChange={setSettings} aspect={previewAspect} />
      </ImageSettingsCard>
      <div className="image-resizer__work">
        <div className="image-resizer__inputs">
          <FileDropZone
            onFiles={sources.add}
            accept={ACCEPT}
            title={t('drop.title')}
            hint={t('drop.hint')}
            compact={sources.sources.length > 0}
          />
          {sources.sources.length > 0 ? (
            <Suspense fallback={null}>
              <CropPanel
                value={settings}
                onChange={setSettings}
                sources={sources.sources}
                selectedId={sources.selected?.id}
                onSelect={sources.select}
                preview={sources.preview}
                size={size}
              />
            </Suspense>
          ) : null}
        </div>
        {sources.sources.length > 0 ? (
          <div className="image-resizer__actions">
            <Text>{t('files.count', { count: sources.sources.length })}</Text>
            <div className="image-resizer__buttons">
              <Button
                type="primary"
                icon={<Icon icon={PlayCircleOutlined} />}
                loading={running}
                onClick={() => void run()}
                data-testid="resizer-run"
              >
                {t('files.run')}
              </Button>
              <Button icon={<Icon icon={DeleteOutlined} />} onClick={clear} data-testid="resizer-clear">
                {t('files.clear')}
              </Button>
            </div>
          </div>
        ) : null}
        <ImageBatchList batch={batch} />
      </div>
    </div>
  );
}
