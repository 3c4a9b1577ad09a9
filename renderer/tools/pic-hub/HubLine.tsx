import GithubOutlined from '@ant-design/icons-svg/es/asn/GithubOutlined';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Tag } from '@/components/Tag';
import { Text } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';
import { hubLabel } from '@/components/github-hub/hub-form';
import { activeHub } from './hubs.store';
import { useHubs } from './stores';

/**
 * The line above the tabs: the hub uploads go to (owner/repo@branch/path), or a call to set one
 * up that opens the storage tab.
 */
export function HubLine({ onConfigure }: { onConfigure: () => void }) {
  const { t } = useTranslation('pic-hub');
  const loaded = useHubs((state) => state.loaded);
  const hub = useHubs(activeHub);
  if (!loaded) return null;
  return (
    <div className="pic-hub__hub" data-testid="pic-hub-hub-line">
      {hub ? (
        <>
          <Text type="secondary" className="pic-hub__hub-lead">
            {t('common.hub.active')}
          </Text>
          <Icon icon={GithubOutlined} />
          <Text strong className="pic-hub__hub-label" title={hubLabel(hub.settings)} data-testid="pic-hub-active-hub">
            {hubLabel(hub.settings)}
          </Text>
          {hub.isSysDefault ? <Tag color="warning">{t('common.hub.system')}</Tag> : null}
          <Button size="small" type="link" onClick={onConfigure}>
            {t('common.hub.change')}
          </Button>
        </>
      ) : (
        <>
          <Text type="secondary" className="pic-hub__hub-none">
            {t('common.hub.none')}
          </Text>
          <Button size="small" type="primary" onClick={onConfigure} data-testid="pic-hub-hub-configure">
            {t('common.hub.configure')}
          </Button>
        </>
      )}
    </div>
  );
}
