import { Modal } from 'antd';
import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CompareSlider } from './CompareSlider';
import type { ImageBatchItem } from './useImageBatch';

/**
 * The before/after dialog of a finished batch item. `open` is stable, so passing it to
 * ImageBatchList keeps the list's rows memoised; the original's object URL lives as long as the dialog.
 */
export function useImageCompare(): { open: (item: ImageBatchItem) => void; dialog: ReactNode } {
  const { t } = useTranslation('components');
  const [comparing, setComparing] = useState<{ item: ImageBatchItem; beforeUrl: string }>();
  const open = useCallback((item: ImageBatchItem) => setComparing({ item, beforeUrl: URL.createObjectURL(item.file) }), []);
  const close = () => {
    if (comparing) URL.revokeObjectURL(comparing.beforeUrl);
    setComparing(undefined);
  };
  const dialog = (
    <Modal open={Boolean(comparing)} title={comparing ? t('image.compareTitle', { name: comparing.item.name }) : null} onCancel={close} footer={null} width="min(1100px, 96vw)" destroyOnHidden>
      {comparing?.item.url && comparing.item.result ? (
        <CompareSlider beforeUrl={comparing.beforeUrl} afterUrl={comparing.item.url} width={comparing.item.result.width} height={comparing.item.result.height} />
      ) : null}
    </Modal>
  );
  return { open, dialog };
}
