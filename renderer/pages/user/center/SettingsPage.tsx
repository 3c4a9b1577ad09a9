import { CloudSyncOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Radio, Segmented, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/auth/session';
import { useSettings } from '@/stores/settings';
import type { LayoutMode, ThemeMode } from '@/stores/settings';
import '../account.css';

/**
 * /user/center/settings: the spec §3 user settings. Changing them here is the same as in the
 * settings drawer; while logged in, the settings sync (auth/settings-sync.ts) saves each change to
 * the account, and a login elsewhere applies them there.
 */
export default function SettingsPage() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const settings = useSettings();
  const logged = useSession((state) => state.logged);

  return (
    <div className="account-page" data-testid="settings-page">
      <Card title={t('settings.title')}>
        {logged ? (
          <Alert
            type="info"
            showIcon
            icon={<CloudSyncOutlined />}
            title={t('settings.syncHint')}
            className="account-form__error"
            data-testid="settings-sync-hint"
          />
        ) : null}
        <Form layout="vertical" className="account-narrow-form">
          <Form.Item label={tc('settings.theme')}>
            <Segmented<ThemeMode>
              value={settings.theme}
              onChange={(theme) => settings.update({ theme })}
              options={[
                { value: 'light', label: tc('settings.themeLight') },
                { value: 'dark', label: tc('settings.themeDark') },
                { value: 'system', label: tc('settings.themeSystem') },
              ]}
              data-testid="center-theme"
            />
          </Form.Item>
          <Form.Item label={tc('settings.layoutMode')}>
            <Radio.Group
              value={settings.layoutMode}
              onChange={(event) => settings.update({ layoutMode: event.target.value as LayoutMode })}
              data-testid="center-layout-mode"
            >
              <Radio.Button value="side">{tc('settings.layoutSide')}</Radio.Button>
              <Radio.Button value="top">{tc('settings.layoutTop')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item label={tc('settings.sideCollapsed')}>
            <Switch
              checked={settings.sideCollapsed}
              disabled={settings.layoutMode === 'top'}
              onChange={(sideCollapsed) => settings.update({ sideCollapsed })}
              data-testid="center-side-collapsed"
            />
          </Form.Item>
          <Form.Item label={tc('settings.footerFixed')}>
            <Switch
              checked={settings.footerFixed}
              onChange={(footerFixed) => settings.update({ footerFixed })}
              data-testid="center-footer-fixed"
            />
          </Form.Item>
          <Form.Item label={tc('settings.floatMenuVisible')}>
            <Switch
              checked={settings.floatMenuVisible}
              onChange={(floatMenuVisible) => settings.update({ floatMenuVisible })}
              data-testid="center-float-menu"
            />
          </Form.Item>
          <Button onClick={settings.reset}>{tc('settings.reset')}</Button>
        </Form>
      </Card>
    </div>
  );
}
