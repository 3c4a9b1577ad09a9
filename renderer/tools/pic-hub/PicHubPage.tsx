import { useTranslation } from 'react-i18next';

/** Scaffold: the tabs (upload, gallery, storage, setting, help, feedback) arrive with issue 16's work. */
export default function PicHubPage() {
  const { t } = useTranslation('pic-hub');
  return <h2>{t('common.title')}</h2>;
}
