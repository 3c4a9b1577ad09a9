import { Button } from 'antd';
import useNotification from 'antd/es/notification/useNotification';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdScope } from './AntdScope';

const KEY = 'pwa-update';

function Notice({ applyUpdate }: { applyUpdate: () => void }) {
  const [notification, holder] = useNotification();
  const { t } = useTranslation();

  useEffect(() => {
    notification.info({
      key: KEY,
      title: t('pwa.updateReady'),
      description: t('pwa.updateHint'),
      duration: false,
      placement: 'bottomRight',
      actions: (
        <Button type="primary" size="small" onClick={applyUpdate} data-testid="pwa-reload">
          {t('pwa.reload')}
        </Button>
      ),
    });
  }, [applyUpdate, notification, t]);

  return holder;
}

/** The update notification itself (UpdatePrompt loads it when an update waits). */
export default function UpdateNotice({ applyUpdate }: { applyUpdate: () => void }) {
  return (
    <AntdScope>
      <Notice applyUpdate={applyUpdate} />
    </AntdScope>
  );
}
