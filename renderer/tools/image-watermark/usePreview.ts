import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageErrorCode } from '@shared/contracts/image-base';
import type { ImageJobInput } from '@shared/contracts/image';
import { resultBlob } from '@/components/image/names';
import { platform } from '@/platform';

/** Settings change with every slider step; the preview waits for a pause this long before it redraws. */
const DEBOUNCE_MS = 250;

export interface PreviewState {
  url?: string;
  error?: string;
  busy: boolean;
}

interface Rendered {
  file: File;
  job: ImageJobInput;
  url?: string;
  error?: string;
}

/**
 * The live preview: the selected file through the same engine and op as the batch, at preview size
 * (in a worker on the web, in sharp on the desktop). A newer request cancels the one in flight; the
 * last picture stays up, marked busy, until the new one is ready.
 */
export function usePreview(file: File | undefined, job: ImageJobInput | undefined): PreviewState {
  const { t } = useTranslation('components');
  const [rendered, setRendered] = useState<Rendered>();

  useEffect(() => {
    if (!file || !job) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      platform.image.process(file, job, { signal: controller.signal }).then(
        (result) => {
          if (!controller.signal.aborted) setRendered({ file, job, url: URL.createObjectURL(resultBlob(result)) });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const code = imageErrorCode(error);
          const message = code
            ? t(`image.errors.${code}`)
            : t('image.errors.unknown', { message: error instanceof Error ? error.message : String(error) });
          setRendered({ file, job, error: message });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [file, job, t]);

  const url = rendered?.url;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  if (!file || !job) return { busy: false };
  const current = rendered?.file === file && rendered.job === job;
  if (current) return { url, error: rendered.error, busy: false };
  // Another image's (or settings') picture stays while the new one renders, unless it was an error.
  return { url: rendered?.file === file ? url : undefined, busy: true };
}
