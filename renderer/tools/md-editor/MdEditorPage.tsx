import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/PageHeading';

export default function MdEditorPage() {
  const { t } = useTranslation('md-editor');
  return (
    <PageHeading level={1} look={3}>
      {t('meta.title')}
    </PageHeading>
  );
}
