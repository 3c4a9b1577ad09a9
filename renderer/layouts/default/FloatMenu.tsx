import { SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageState } from '@/stores/page';
import { useSettings } from '@/stores/settings';

export default function FloatMenu({ onOpenSearch, onOpenSettings }: { onOpenSearch(): void; onOpenSettings(): void }) {
  const { t } = useTranslation();
  const visible = useSettings((state) => state.floatMenuVisible);
  const isMobile = usePageState((state) => state.isMobileSize);
  if (!visible) return null;
  // On a phone the header already carries search and settings; only "back to top" earns the space.
  if (isMobile)
    return <FloatButton.BackTop tooltip={t('nav.backToTop')} visibilityHeight={400} style={{ insetInlineEnd: 16, insetBlockEnd: 72 }} />;
  return (
    <FloatButton.Group shape="circle" style={{ insetInlineEnd: 20, insetBlockEnd: 64 }} data-testid="float-menu">
      <FloatButton icon={<SearchOutlined />} tooltip={t('search.trigger')} onClick={onOpenSearch} />
      <FloatButton icon={<SettingOutlined />} tooltip={t('nav.settings')} onClick={onOpenSettings} />
      <FloatButton.BackTop tooltip={t('nav.backToTop')} visibilityHeight={200} />
    </FloatButton.Group>
  );
}
