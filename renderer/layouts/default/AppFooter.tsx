import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/layouts/plain/icon';
import { useSettings } from '@/stores/settings';

export default function AppFooter() {
  const { t } = useTranslation();
  const fixed = useSettings((state) => state.footerFixed);
  return (
    <footer className="bb-footer" data-testid="app-footer" data-fixed={fixed}>
      <div className="bb-footer__items">
        <span className="bb-secondary">
          <Icon icon={SafetyCertificateOutlined} /> {t('site.privacy')}
        </span>
        <span className="bb-secondary">{t('site.copyright')}</span>
      </div>
    </footer>
  );
}
