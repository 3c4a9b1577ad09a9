import { useTranslation } from 'react-i18next';
import { Paragraph } from '@/components/Text';

/** The upload tab (filled in with the upload store). */
export function UploadTab() {
  const { t } = useTranslation('pic-hub');
  return <Paragraph>{t('upload.title')}</Paragraph>;
}
