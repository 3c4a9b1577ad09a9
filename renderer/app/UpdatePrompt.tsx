import { App as AntApp, Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useWaitingUpdate } from './pwa';

const KEY = 'pwa-update';

/** "A new version is available — reload", kept on screen until the visitor acts or closes it. */
export function UpdatePrompt() {
  const { notification } = AntApp.useApp();
  const { t } = useTranslation();
  const applyUpdate = useWaitingUpdate();

  useEffect(() => {
    if (!applyUpdate) return;
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

  return null;
}
