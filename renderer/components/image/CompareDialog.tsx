import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CompareSlider } from './CompareSlider';
import type { ImageBatchItem } from './useImageBatch';

export interface Comparing {
  item: ImageBatchItem;
  beforeUrl: string;
  rendered?: true;
}

interface CompareDialogProps {
  comparing: Comparing | undefined;
  onClose(): void;
  onBeforeUnreadable(item: ImageBatchItem): void;
}

/** The before/after dialog itself: loaded with its first opening (useImageCompare), not with the page. */
export default function CompareDialog({ comparing, onClose, onBeforeUnreadable }: CompareDialogProps) {
  const { t } = useTranslation('components');
  return (
    <Modal
      open={Boolean(comparing)}
      title={comparing ? t('image.compareTitle', { name: comparing.item.name }) : null}
      onCancel={onClose}
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
          onBeforeUnreadable={() => onBeforeUnreadable(comparing.item)}
        />
      ) : null}
    </Modal>
  );
}
