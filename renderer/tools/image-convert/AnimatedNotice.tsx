import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { useBatchItems } from '@/components/image/useImageBatch';
import type { ImageBatch } from '@/components/image/useImageBatch';

export interface AnimatedNoticeProps {
  batch: Pick<ImageBatch, 'store'>;
  frames: ReadonlyMap<File, number>;
}

/** One line per animated input of the batch: its output is the first frame only. */
export function AnimatedNotice({ batch, frames }: AnimatedNoticeProps) {
  const { t } = useTranslation('image-convert');
  const items = useBatchItems(batch);
  const animated = items.filter((item) => (frames.get(item.file) ?? 1) > 1);
  if (animated.length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      message={t('animated.title')}
      data-testid="convert-animated"
      description={
        <ul className="image-convert__animated">
          {animated.map((item) => (
            <li key={item.id} data-testid="convert-animated-item" data-file-name={item.name}>
              {t('animated.item', { name: item.name, frames: frames.get(item.file) })}
            </li>
          ))}
        </ul>
      }
    />
  );
}
