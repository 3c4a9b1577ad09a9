import { Button, Drawer, Form, Radio, Segmented, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Language } from '@/i18n';
import { switchLanguageHref, useLanguage } from '@/app/language';
import { usePageState } from '@/stores/page';
import { useSettings } from '@/stores/settings';
import type { LayoutMode, ThemeMode } from '@/stores/settings';
import { useFurnitureTexts } from './furniture-texts';

export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const texts = useFurnitureTexts();
  const isMobile = usePageState((state) => state.isMobileSize);
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  // Form.Item labels are tied to a control only through a field name, which these are not:
  // the ids make each <label> name its switch (and toggle it when tapped).
  const id = useId();
  const ids = {
    sideCollapsed: `${id}-side`,
    footerFixed: `${id}-footer`,
    floatMenuVisible: `${id}-float`,
    assistantVisible: `${id}-assistant`,
  };

  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} size={isMobile ? '90vw' : 360} data-testid="settings-drawer">
      <Form layout="vertical">
        <Form.Item label={t('settings.theme')}>
          <Segmented<ThemeMode>
            value={settings.theme}
            onChange={(theme) => settings.update({ theme })}
            options={[
              { value: 'light', label: t('settings.themeLight') },
              { value: 'dark', label: t('settings.themeDark') },
              { value: 'system', label: t('settings.themeSystem') },
            ]}
            aria-label={t('settings.theme')}
            data-testid="settings-theme"
          />
        </Form.Item>
        <Form.Item label={t('settings.language')}>
          <Segmented<Language>
            value={language}
            onChange={(target) => navigate(switchLanguageHref(location, target))}
            options={[
              { value: 'cn', label: '简体中文' },
              { value: 'en', label: 'English' },
            ]}
            aria-label={t('settings.language')}
            data-testid="settings-language"
          />
        </Form.Item>
        <Form.Item label={t('settings.layoutMode')}>
          <Radio.Group
            value={settings.layoutMode}
            onChange={(event) => settings.update({ layoutMode: event.target.value as LayoutMode })}
            aria-label={t('settings.layoutMode')}
            data-testid="settings-layout-mode"
          >
            <Radio.Button value="side">{t('settings.layoutSide')}</Radio.Button>
            <Radio.Button value="top">{t('settings.layoutTop')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('settings.sideCollapsed')} htmlFor={ids.sideCollapsed}>
          <Switch
            id={ids.sideCollapsed}
            checked={settings.sideCollapsed}
            disabled={settings.layoutMode === 'top'}
            onChange={(sideCollapsed) => settings.update({ sideCollapsed })}
          />
        </Form.Item>
        <Form.Item label={t('settings.footerFixed')} htmlFor={ids.footerFixed}>
          <Switch
            id={ids.footerFixed}
            checked={settings.footerFixed}
            onChange={(footerFixed) => settings.update({ footerFixed })}
            data-testid="settings-footer-fixed"
          />
        </Form.Item>
        <Form.Item label={t('settings.floatMenuVisible')} htmlFor={ids.floatMenuVisible}>
          <Switch
            id={ids.floatMenuVisible}
            checked={settings.floatMenuVisible}
            onChange={(floatMenuVisible) => settings.update({ floatMenuVisible })}
          />
        </Form.Item>
        <Form.Item label={texts.assistantVisible} htmlFor={ids.assistantVisible}>
          <Switch
            id={ids.assistantVisible}
            checked={settings.assistantVisible}
            onChange={(assistantVisible) => settings.update({ assistantVisible })}
            data-testid="settings-assistant-visible"
          />
        </Form.Item>
        <Button block onClick={settings.reset}>
          {t('settings.reset')}
        </Button>
      </Form>
    </Drawer>
  );
}
