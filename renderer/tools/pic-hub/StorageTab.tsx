import { useTranslation } from 'react-i18next';
import { Paragraph } from '@/components/Text';

/** Placeholder until part 7 of issue 16 lands this tab (it overwrites this file). */
export function StorageTab() {
  const { t } = useTranslation('pic-hub');
  return <Paragraph>{t('storage.title')}</Paragraph>;
}
