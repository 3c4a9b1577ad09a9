import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import GithubOutlined from '@ant-design/icons-svg/es/asn/GithubOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Empty } from '@/components/Empty';
import { Icon } from '@/components/Icon';
import { Panel } from '@/components/Panel';
import { Spin } from '@/components/Spin';
import { Tag } from '@/components/Tag';
import { Text } from '@/components/Text';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { toast } from '@/lib/notify';
import { ACTIVE_HUB_TYPES, HUB_TYPES } from '@shared/contracts/pic-hub-base';
import type { ConfirmRequest } from './ConfirmDialog';
import { errorText } from './error-text';
import { hubLabel } from '@/components/github-hub/hub-form';
import { activeHub } from './hubs.store';
import type { HubView } from './hubs.store';
import { useHubs } from './stores';
import { usePicHubTab } from './tabs';
import './storage-gallery.css';

const HubEditDrawer = lazyWithAntd(() => import('./HubEditDrawer'));
const ConfirmDialog = lazyWithAntd(() => import('./ConfirmDialog'));

/** GitHub Enterprise's host, shown beside its hubs ('' for a damaged address). */
const hostOf = (address: string) => {
  try {
    return new URL(address).host;
  } catch {
    return '';
  }
};

interface Editing {
  open: boolean;
  hub?: HubView;
}

/**
 * Spec §2's storage tab (hub configuration): the hub types (GITHUB in use, IMGUR and TELEGRA listed
 * as not available yet), the user's hubs with the active one marked, and the system hub the site
 * may offer, read-only. Adding or editing opens the hub edit drawer, loaded with its first opening.
 */
export function StorageTab() {
  const { t } = useTranslation('pic-hub');
  const [, openTab] = usePicHubTab();
  const hubs = useHubs((state) => state.hubs);
  const systemHub = useHubs((state) => state.systemHub);
  const loading = useHubs((state) => state.loading);
  const loaded = useHubs((state) => state.loaded);
  const syncError = useHubs((state) => state.syncError);
  const load = useHubs((state) => state.load);
  const setActive = useHubs((state) => state.setActive);
  const remove = useHubs((state) => state.remove);
  const active = activeHub({ hubs, systemHub });
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest & { gid: string }>();
  const [busy, setBusy] = useState<string>();
  const asks = useRef(0);

  useEffect(() => {
    if (!useHubs.getState().loaded && !useHubs.getState().loading) void load();
  }, [load]);

  const edit = (hub?: HubView) => {
    setDrawerUsed(true);
    setEditing({ open: true, hub });
  };

  const run = async (gid: string, action: () => Promise<void>, done: string) => {
    setBusy(gid);
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(t('storage.list.failed', { reason: errorText(t, error) }));
    } finally {
      setBusy(undefined);
    }
  };

  const askRemove = (hub: HubView) =>
    setConfirm({
      id: ++asks.current,
      gid: hub.gid,
      title: t('storage.remove.title', { name: hubLabel(hub.settings) }),
      content: t('storage.remove.content'),
      okText: t('storage.remove.ok'),
      cancelText: t('storage.remove.cancel'),
    });

  // The dialog answers by id; the hub it asked about is the last one asked.
  const onAnswer = (id: number, confirmed: boolean) => {
    if (!confirmed || confirm?.id !== id) return;
    const hub = useHubs.getState().hubs.find((one) => one.gid === confirm.gid);
    if (hub) void run(hub.gid, () => remove(hub.gid), t('storage.list.deleted', { name: hubLabel(hub.settings) }));
  };

  const row = (hub: HubView) => {
    const isActive = active?.gid === hub.gid;
    const label = hubLabel(hub.settings);
    return (
      <li
        key={hub.gid}
        className={isActive ? 'ph-hub ph-hub--active' : 'ph-hub'}
        data-testid={`pic-hub-hub-${hub.isSysDefault ? 'system' : hub.gid}`}
      >
        <div className="ph-hub__main">
          <Icon icon={hub.isSysDefault ? LockOutlined : GithubOutlined} className="ph-hub__icon" />
          <div className="ph-hub__text">
            <Text strong className="ph-hub__label" data-testid="pic-hub-hub-label" title={label}>
              {label}
            </Text>
            <div className="ph-hub__tags">
              {isActive ? (
                <Tag color="success" icon={<Icon icon={CheckCircleFilled} />} data-testid="pic-hub-hub-active">
                  {t('storage.list.active')}
                </Tag>
              ) : null}
              {hub.isSysDefault ? (
                <Tag color="purple" title={t('storage.list.systemHint')}>
                  {t('storage.list.system')}
                </Tag>
              ) : (
                <Tag
                  color={hub.storage === 'REMOTE' ? 'blue' : 'default'}
                  title={t(hub.storage === 'REMOTE' ? 'storage.list.remoteHint' : 'storage.list.localHint')}
                  data-testid="pic-hub-hub-storage"
                >
                  {t(`storage.list.${hub.storage}`)}
                </Tag>
              )}
              {hub.settings.apiBaseUrl ? <Text type="secondary">{hostOf(hub.settings.apiBaseUrl)}</Text> : null}
            </div>
            {hub.isSysDefault ? <Text type="secondary">{t('storage.list.systemHint')}</Text> : null}
          </div>
        </div>
        {hub.isSysDefault ? null : (
          <div className="ph-hub__actions">
            {isActive ? null : (
              <Button
                size="small"
                loading={busy === hub.gid}
                onClick={() => void run(hub.gid, () => setActive(hub.gid), t('storage.list.activated', { name: label }))}
                data-testid="pic-hub-hub-activate"
              >
                {t('storage.list.setActive')}
              </Button>
            )}
            <Button size="small" icon={<Icon icon={EditOutlined} />} onClick={() => edit(hub)} data-testid="pic-hub-hub-edit">
              {t('storage.list.edit')}
            </Button>
            <Button
              size="small"
              danger
              icon={<Icon icon={DeleteOutlined} />}
              onClick={() => askRemove(hub)}
              aria-label={`${t('storage.list.delete')} ${label}`}
              data-testid="pic-hub-hub-delete"
            >
              {t('storage.list.delete')}
            </Button>
          </div>
        )}
      </li>
    );
  };

  return (
    <div className="ph-storage">
      {/* The account could not be reached or refused: the hubs here still work, and sync again later. */}
      {syncError ? <Alert type="warning" showIcon message={errorText(t, syncError)} data-testid="pic-hub-hubs-sync-error" /> : null}
      <Panel title={t('storage.types.title')}>
        <ul className="ph-types" aria-label={t('storage.types.title')}>
          {HUB_TYPES.map((type) => {
            const usable = ACTIVE_HUB_TYPES.includes(type);
            return (
              <li
                key={type}
                className={usable ? 'ph-type ph-type--active' : 'ph-type ph-type--inactive'}
                aria-disabled={usable ? undefined : true}
                data-testid={`pic-hub-type-${type}`}
              >
                <Text strong>{t(`storage.types.${type}`)}</Text>
                {usable ? (
                  <Text type="secondary" className="ph-type__hint">
                    {t('storage.types.githubHint')}
                  </Text>
                ) : (
                  <Tag data-testid={`pic-hub-type-${type}-inactive`}>{t('storage.types.inactive')}</Tag>
                )}
              </li>
            );
          })}
        </ul>
      </Panel>
      <Panel
        title={t('storage.list.title')}
        extra={
          <Button
            type="primary"
            icon={<Icon icon={PlusOutlined} />}
            onClick={() => edit()}
            onPointerEnter={() => void HubEditDrawer.preload()}
            data-testid="pic-hub-hub-add"
          >
            {t('storage.list.add')}
          </Button>
        }
      >
        {!loaded && loading ? (
          <Spin tip={t('storage.list.loading')} className="ph-storage__loading" />
        ) : hubs.length === 0 && !systemHub ? (
          <Empty description={t('storage.list.empty')} image="simple" data-testid="pic-hub-hubs-empty" />
        ) : (
          <ul className="ph-hubs" data-testid="pic-hub-hubs">
            {hubs.map(row)}
            {systemHub ? row(systemHub) : null}
          </ul>
        )}
      </Panel>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <HubEditDrawer
            open={editing.open}
            hub={editing.hub}
            onClose={() => setEditing((old) => ({ ...old, open: false }))}
            onHelp={() => {
              setEditing((old) => ({ ...old, open: false }));
              openTab('help');
            }}
          />
        </Suspense>
      ) : null}
      {confirm ? (
        <Suspense fallback={null}>
          <ConfirmDialog request={confirm} onAnswer={onAnswer} />
        </Suspense>
      ) : null}
    </div>
  );
}
