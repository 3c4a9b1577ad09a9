import { useTranslation } from 'react-i18next';
import { Paragraph } from '@/components/Text';

/** Placeholder until part 7 of issue 16 lands this tab (it overwrites this file). */
export function GalleryTab() {
  const { t } = useTranslation('pic-hub');
  return <Paragraph>{t('gallery.title')}</Paragraph>;
}
