import { SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/stores/settings';

export default function FloatMenu({ onOpenSearch, onOpenSettings }: { onOpenSearch(): void; onOpenSettings(): void }) {
  const { t } = useTranslation();
  const visible = useSettings((state) => state.floatMenuVisible);
  if (!visible) return null;
  return (
    <FloatButton.Group shape="circle" style={{ insetInlineEnd: 20, insetBlockEnd: 64 }} data-testid="float-menu">
      <FloatButton icon={<SearchOutlined />} tooltip={t('search.trigger')} onClick={onOpenSearch} />
      <FloatButton icon={<SettingOutlined />} tooltip={t('nav.settings')} onClick={onOpenSettings} />
      <FloatButton.BackTop tooltip={t('nav.backToTop')} visibilityHeight={200} />
    </FloatButton.Group>
  );
}
