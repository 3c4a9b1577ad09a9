import { useTranslation } from 'react-i18next';
import { platform } from '@/platform';
import { Tag } from '../Tag';

/** Which engine will process the images: the browser's workers, or sharp on the desktop. */
export function ImageEngineTag() {
  const { t } = useTranslation('components');
  const { engine } = platform.image;
  return (
    <Tag data-testid="image-engine" data-engine={engine}>
      {t(`image.engine.${engine}`)}
    </Tag>
  );
}
