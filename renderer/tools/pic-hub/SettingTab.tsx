import { useTranslation } from 'react-i18next';
import { Paragraph } from '@/components/Text';

/** The setting tab (filled in with the settings store). */
export function SettingTab() {
  const { t } = useTranslation('pic-hub');
  return <Paragraph>{t('setting.title')}</Paragraph>;
}
