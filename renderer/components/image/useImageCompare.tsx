import { Modal } from 'antd';
import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { platform } from '@/platform';
import { CompareSlider } from './CompareSlider';
import { resultBlob } from './names';
import type { ImageBatchItem } from './useImageBatch';

/**
 * The before/after dialog of a finished batch item. `open` is stable, so passing it to
 * ImageBatchList keeps the list's rows memoised; the original's object URL lives as long as the dialog.
 * An original the browser cannot show itself (HEIC in Chrome) is shown as a lossless PNG made by the image engine.
 */
export function useImageCompare(): { open: (item: ImageBatchItem) => void; dialog: ReactNode } {
  const { t } = useTranslation('components');
  const [comparing, setComparing] = useState<{ item: ImageBatchItem; beforeUrl: string; rendered?: true }>();
  const open = useCallback((item: ImageBatchItem) => setComparing({ item, beforeUrl: URL.createObjectURL(item.file) }), []);
  const close = () => {
    if (comparing) URL.revokeObjectURL(comparing.beforeUrl);
    setComparing(undefined);
  };
  const showRendered = (item: ImageBatchItem) => {
    // Once only: a rendered original that still fails to show must not start another render.
    if (comparing?.rendered) return;
    setComparing((shown) => (shown?.item === item ? { ...shown, rendered: true } : shown));
    platform.image.process(item.file, { output: { format: 'png' } }).then(
      (rendered) =>
        setComparing((shown) => {
          if (shown?.item !== item) return shown;
          URL.revokeObjectURL(shown.beforeUrl);
          return { item, beforeUrl: URL.createObjectURL(resultBlob(rendered)), rendered: true };
        }),
      // The result exists, so the engine read this file once; if it cannot now, the "before" side stays empty.
      () => undefined,
    );
  };
  const dialog = (
    <Modal
      open={Boolean(comparing)}
      title={comparing ? t('image.compareTitle', { name: comparing.item.name }) : null}
      onCancel={close}
      footer={null}
      width="min(1100px, 96vw)"
      destroyOnHidden
    >
      {comparing?.item.url && comparing.item.result ? (
        <CompareSlider
          beforeUrl={comparing.beforeUrl}
          afterUrl={comparing.item.url}
          width={comparing.item.result.width}
          height={comparing.item.result.height}
          onBeforeUnreadable={() => showRendered(comparing.item)}
        />
      ) : null}
    </Modal>
  );
  return { open, dialog };
}
