import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Slider } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNameList } from '@/lib/format';
import { MAX_IMAGE_SIDE } from '@shared/contracts/image-base';
import { exceedsMaxSide, planStitch } from '@shared/image/stitch';
import { DownloadButton } from '@/components/DownloadButton';
import { Text } from '@/components/Text';
import { toast } from '@/lib/notify';
import { canCopyImage, copyPng } from './clipboard-image';
import { stitchWorker } from './stitch-client';
import type { StitchPart } from './stitch.worker';
import { errorKind, outputFileName, scaledEntries, stitchInput } from './subtitle-stitch.service';
import type { StitchFormat } from './subtitle-stitch.service';
import { useSubtitleStitchStore } from './subtitle-stitch.store';

/** Previews are drawn at most this wide (in device pixels); the export is always full size. */
const PREVIEW_WIDTH = 960;

/** The stitched image: live preview, output size, notices, format and quality, download and copy. */
export function ResultPanel() {
  const { t, i18n } = useTranslation('subtitle-stitch');
  const { items, perImage, shared, format, quality, setFormat, setQuality } = useSubtitleStitchStore();
  const input = useMemo(() => stitchInput(items, perImage, shared), [items, perImage, shared]);
  const parts = useMemo<StitchPart[]>(
    () => input.entries.map((entry, index) => ({ id: entry.id, size: entry.size, bounds: input.bounds[index] ?? shared })),
    [input, shared],
  );
  const layout = planStitch(input.sizes, input.bounds);
  const tooLarge = exceedsMaxSide(layout);
  const scaled = scaledEntries(input.entries);
  const [previewError, setPreviewError] = useState<string>();
  const canvas = useRef<HTMLCanvasElement>(null);

  // Latest wins: while the worker draws one preview, handle drags only replace the next request.
  const queued = useRef<StitchPart[] | null>(null);
  const drawing = useRef(false);
  useEffect(() => {
    queued.current = parts;
    const pump = () => {
      const next = queued.current;
      if (drawing.current || !next) return;
      queued.current = null;
      drawing.current = true;
      stitchWorker()
        .preview(next, PREVIEW_WIDTH)
        .then(
          (bitmap) => {
            const element = canvas.current;
            const target = element?.getContext('bitmaprenderer');
            if (element && target) {
              // A bitmap renderer stretches the bitmap to the canvas's own size, so match it first.
              element.width = bitmap.width;
              element.height = bitmap.height;
              target.transferFromImageBitmap(bitmap);
            } else bitmap.close();
            setPreviewError(undefined);
          },
          (error: unknown) => setPreviewError(error instanceof Error ? error.message : String(error)),
        )
        .finally(() => {
          drawing.current = false;
          pump();
        });
    };
    pump();
  }, [parts]);

  const translate = (error: unknown) => {
    const kind = errorKind(error);
    if (kind === 'unknown') return t('errors.unknown', { message: error instanceof Error ? error.message : String(error) });
    if (kind === 'componentUnavailable') return t('componentUnavailable', { ns: 'components' });
    return t(`errors.${kind}`, { max: MAX_IMAGE_SIDE });
  };
  const render = (as: StitchFormat) =>
    stitchWorker()
      .render(
        input.entries.map((entry) => entry.file),
        parts,
        as === 'jpeg' ? 'image/jpeg' : 'image/png',
        quality,
      )
      .catch((error: unknown) => Promise.reject(new Error(translate(error))));

  const onCopy = () => {
    if (!canCopyImage()) {
      toast.warning(t('result.copyUnsupported'), 6);
      return;
    }
    copyPng(render('png')).then(
      () => toast.success(t('result.copied')),
      (error: unknown) => toast.error(t('result.copyFailed', { message: error instanceof Error ? error.message : String(error) })),
    );
  };

  const empty = input.entries.length === 0;
  return (
    <div className="ss-result">
      <div className="ss-result__head">
        <Text strong>{t('result.title')}</Text>
        {empty ? null : (
          <Text type="secondary" data-testid="output-size">
            {t('result.size', { width: layout.width, height: layout.height })}
          </Text>
        )}
      </div>
      {scaled.length > 0 ? (
        <Alert
          type="info"
          showIcon
          message={t('result.scaledNotice', {
            count: scaled.length,
            width: layout.width,
            names: formatNameList(
              scaled.map((entry) => entry.name),
              i18n.language,
            ),
          })}
          data-testid="scaled-notice"
        />
      ) : null}
      {tooLarge ? (
        <Alert
          type="error"
          showIcon
          message={t('result.tooLarge', { width: layout.width, height: layout.height, max: MAX_IMAGE_SIDE })}
          data-testid="too-large"
        />
      ) : null}
      {previewError ? <Alert type="error" showIcon message={t('errors.unknown', { message: previewError })} /> : null}
      <div className="ss-export">
        <Segmented<StitchFormat>
          value={format}
          onChange={setFormat}
          options={[
            { value: 'png', label: 'PNG' },
            { value: 'jpeg', label: 'JPEG' },
          ]}
          aria-label={t('result.format')}
          data-testid="format"
        />
        {format === 'jpeg' ? (
          <div className="ss-quality" data-testid="quality">
            <Text type="secondary">{t('result.quality')}</Text>
            <Slider
              min={1}
              max={100}
              value={quality}
              onChange={setQuality}
              className="ss-quality__slider"
              ariaLabelForHandle={t('result.quality')}
            />
            <Text className="ss-quality__value">{quality}</Text>
          </div>
        ) : null}
        <div className="ss-export__buttons">
          <DownloadButton
            type="primary"
            disabled={empty || tooLarge}
            getFile={() => render(format)}
            fileName={outputFileName(format, new Date())}
            label={t('result.download')}
            data-testid="download"
          />
          <Button icon={<CopyOutlined />} disabled={empty || tooLarge} onClick={onCopy} data-testid="copy">
            {t('result.copy')}
          </Button>
        </div>
      </div>
      {empty ? (
        <div className="ss-result__empty">
          <Text type="secondary">{t('result.empty')}</Text>
        </div>
      ) : (
        <div className="ss-preview">
          <canvas ref={canvas} className="ss-preview__canvas" data-testid="preview" />
        </div>
      )}
    </div>
  );
}
