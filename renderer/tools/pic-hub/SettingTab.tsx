import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import ThunderboltOutlined from '@ant-design/icons-svg/es/asn/ThunderboltOutlined';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Panel } from '@/components/Panel';
import { Text } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { toast } from '@/lib/notify';
import { account } from '@/platform';
import { CDN_PROBE_TIMEOUT_MS } from '@shared/contracts/pic-hub-base';
import type { CdnTemplate, PicHubSettings } from '@shared/contracts/pic-hub-base';
import { CdnList } from './CdnList';
import type { ProbeResult } from './CdnList';
import { errorText } from './error-text';
import { errorKindOf } from '@/lib/pic-hub-upload';
import { CompressionControl, LinkFormatControl, RenameControl } from './settings-controls';
import { settingsValues } from './settings.store';
import { activeHub } from './hubs.store';
import { useHubs, usePicHubSettings, newestFileOf } from './stores';

const CdnDrawer = lazyWithAntd(() => import('./CdnDrawer'));

type DrawerState = { open: false } | { open: true; editing?: CdnTemplate };

/** The setting tab: rename mode, compression, link format and the CDN templates with their probe (spec §2/§3). */
export function SettingTab() {
  const { t } = useTranslation('pic-hub');
  const store = usePicHubSettings();
  const settings = settingsValues(store);
  const hub = useHubs(activeHub);
  const [drawer, setDrawerState] = useState<DrawerState>({ open: false });
  // Kept mounted once opened, so closing plays the drawer's animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const setDrawer = (next: DrawerState) => {
    if (next.open) setDrawerUsed(true);
    setDrawerState(next);
  };
  const probeAbort = useRef<AbortController>(undefined);
  useEffect(() => () => probeAbort.current?.abort(), []);

  const update = (patch: Partial<PicHubSettings>) => store.update(patch);
  const sample = {
    owner: hub?.settings.owner || 'owner',
    repo: hub?.settings.repo || 'repo',
    branch: hub?.settings.branch || 'main',
    path: hub?.settings.path ? `${hub.settings.path}/example.png` : 'example.png',
  };

  const results: Record<string, ProbeResult> = {};
  for (const template of settings.githubCdns) {
    const result = store.probeResults[template.id];
    if (result) results[template.id] = result.ok ? { status: 'ok', ms: result.ms } : { status: 'fail' };
    else if (store.probing) results[template.id] = { status: 'pending' };
  }

  const probe = () => {
    probeAbort.current?.abort();
    const controller = new AbortController();
    probeAbort.current = controller;
    store.probe(hub ? newestFileOf(hub.gid) : undefined, controller.signal).then(
      (winner) => toast.success(t('setting.cdn.probeWinner', { name: winner.name })),
      (error: unknown) => {
        if (errorKindOf(error) !== 'cancelled') toast.error(errorText(t, error));
      },
    );
  };

  const loggedIn = account.userId() !== undefined;
  return (
    <div className="pic-hub__settings bb-form" data-testid="pic-hub-settings">
      <div className="pic-hub__settings-main">
        <Panel title={t('setting.rename.title')}>
          <RenameControl settings={settings} onChange={update} />
        </Panel>
        <Panel title={t('setting.compression.title')}>
          <CompressionControl settings={settings} onChange={update} />
        </Panel>
        <Panel title={t('setting.linkFormat.title')}>
          <LinkFormatControl settings={settings} onChange={update} />
          <Text type="secondary" className="pic-hub__hint">
            {t('setting.linkFormat.hint')}
          </Text>
        </Panel>
        {store.syncError ? (
          <Alert type="warning" showIcon message={t('setting.sync.failed', { reason: errorText(t, store.syncError) })} />
        ) : (
          <Text type="secondary" data-testid="pic-hub-settings-sync">
            {loggedIn ? t('setting.sync.synced') : t('setting.sync.local')}
          </Text>
        )}
      </div>
      <Panel
        className="pic-hub__cdn-panel"
        title={t('setting.cdn.title')}
        extra={
          <Button
            size="small"
            icon={<Icon icon={PlusOutlined} />}
            onClick={() => setDrawer({ open: true })}
            onPointerEnter={() => void CdnDrawer.preload()}
            data-testid="pic-hub-cdn-add"
          >
            {t('setting.cdn.add')}
          </Button>
        }
      >
        <Text type="secondary" className="pic-hub__hint">
          {t('setting.cdn.hint')}
        </Text>
        <div className="pic-hub__probe">
          <Button icon={<Icon icon={ThunderboltOutlined} />} loading={store.probing} onClick={probe} data-testid="pic-hub-cdn-probe">
            {store.probing ? t('setting.cdn.probing') : t('setting.cdn.probe')}
          </Button>
          <Text type="secondary">{t('setting.cdn.probeHint', { seconds: CDN_PROBE_TIMEOUT_MS / 1000 })}</Text>
        </div>
        <CdnList
          templates={settings.githubCdns}
          results={results}
          onActivate={(template) => {
            store.activateCdn(template.id);
            toast.success(t('setting.cdn.activated', { name: template.name }));
          }}
          onEdit={(template) => setDrawer({ open: true, editing: template })}
          onRemove={(template) => {
            store.removeCdn(template.id);
            toast.success(t('setting.cdn.removed', { name: template.name }));
          }}
        />
      </Panel>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <CdnDrawer
            open={drawer.open}
            editing={drawer.open ? drawer.editing : undefined}
            templates={settings.githubCdns}
            sample={sample}
            onClose={() => setDrawer({ open: false })}
            onSave={(name, tpl) => {
              if (drawer.open && drawer.editing) store.editCdn(drawer.editing.id, name, tpl);
              else store.addCdn(name, tpl);
              toast.success(t('setting.drawer.saved', { name: name.trim() }));
              setDrawer({ open: false });
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
