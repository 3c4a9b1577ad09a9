import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Layout, Space, Typography, theme as antTheme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/stores/settings';

export default function AppFooter() {
  const { t } = useTranslation();
  const fixed = useSettings((state) => state.footerFixed);
  const { token } = antTheme.useToken();
  return (
    <Layout.Footer
      data-testid="app-footer"
      data-fixed={fixed}
      style={{
        textAlign: 'center',
        padding: '12px 16px',
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        ...(fixed ? { position: 'sticky', bottom: 0, zIndex: 10, background: token.colorBgContainer } : {}),
      }}
    >
      <Space wrap style={{ justifyContent: 'center' }}>
        <Typography.Text type="secondary">
          <SafetyCertificateOutlined /> {t('site.privacy')}
        </Typography.Text>
        <Typography.Text type="secondary">{t('site.copyright')}</Typography.Text>
      </Space>
    </Layout.Footer>
  );
}
