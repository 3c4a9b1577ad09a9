import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '@/app/AntdScope';

/** The home search's "nothing found", with antd's picture. */
export default function NoMatches() {
  const { t } = useTranslation();
  return (
    <AntdScope>
      <Empty description={t('search.empty')} />
    </AntdScope>
  );
}
