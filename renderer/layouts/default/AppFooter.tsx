import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { barePath } from '@/app/head';
import { Icon } from '@/layouts/plain/icon';
import { useFurniture } from '@/stores/furniture';
import { useSettings } from '@/stores/settings';
import { tools } from '@/tools/registry';

/** The footer's promise must stay true: on a tool whose purpose is uploading it says where files go instead. */
function useUploadingTool(): boolean {
  const path = barePath(useLocation().pathname);
  return tools.some((tool) => tool.uploads && tool.path === path);
}

export default function AppFooter() {
  const { t } = useTranslation();
  const fixed = useSettings((state) => state.footerFixed);
  const uploading = useUploadingTool();
  // True only once the welfare chunk (and its texts) read an enterprise config with something in it.
  const enterprise = useFurniture((state) => state.enterpriseAvailable);
  return (
    <footer className="bb-footer" data-testid="app-footer" data-fixed={fixed}>
      <div className="bb-footer__items">
        <span className="bb-secondary" data-testid="app-footer-privacy">
          <Icon icon={SafetyCertificateOutlined} /> {t(uploading ? 'site.privacyUploads' : 'site.privacy')}
        </span>
        <span className="bb-secondary">{t('site.copyright')}</span>
        {enterprise && (
          <button
            type="button"
            className="bb-footer__link"
            onClick={() => useFurniture.getState().show('enterprise')}
            data-testid="enterprise-entry"
          >
            {t('welfare.enterprise.title')}
          </button>
        )}
      </div>
    </footer>
  );
}
