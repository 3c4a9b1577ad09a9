import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export default function PageLoading() {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin tip={t('messages.loading')}>
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}
