import GiftOutlined from '@ant-design/icons-svg/es/asn/GiftOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasEnterpriseInfo, welfareTabsWithItems } from '@shared/contracts/site-content-base';
import { Icon } from '@/layouts/plain/icon';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { useFurniture } from '@/stores/furniture';
import { loadSiteContent } from './site-content';
import type { SiteContent } from './site-content';
import './texts';
import './welfare.css';

const Panels = lazyWithAntd(() => import('./FurniturePanels'));

/**
 * The welfare entry (a tab on the window's right edge, only when the site owner configured an item)
 * and, from their first opening on (so closing keeps the animation), the panels.
 */
export default function FurnitureRoot() {
  const { t } = useTranslation();
  const open = useFurniture((state) => state.open);
  const show = useFurniture((state) => state.show);
  const [content, setContent] = useState<SiteContent>();
  const [used, setUsed] = useState(false);

  useEffect(() => {
    let live = true;
    void loadSiteContent().then((loaded) => {
      if (!live) return;
      setContent(loaded);
      useFurniture.getState().setAvailability({
        welfareAvailable: welfareTabsWithItems(loaded.welfare).length > 0,
        enterpriseAvailable: hasEnterpriseInfo(loaded.enterprise),
      });
    });
    return () => {
      live = false;
    };
  }, []);
  if (open && !used) setUsed(true);

  const welfareTabs = welfareTabsWithItems(content?.welfare);
  return (
    <>
      {welfareTabs.length > 0 && (
        <button
          type="button"
          className="bb-welfare-entry"
          aria-label={t('welfare.entryLabel')}
          onClick={() => show('welfare')}
          data-testid="welfare-entry"
        >
          <Icon icon={GiftOutlined} />
          <span className="bb-welfare-entry__text">{t('welfare.entry')}</span>
        </button>
      )}
      {used && content && <Panels content={content} />}
    </>
  );
}
