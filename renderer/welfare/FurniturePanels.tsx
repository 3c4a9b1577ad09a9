import { LogoutOutlined, SettingOutlined, SoundOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Descriptions, Drawer, Modal, Tabs } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ENTERPRISE_FIELDS, welfareTabsWithItems } from '@shared/contracts/site-content-base';
import type { EnterpriseInfo, WelfareItem } from '@shared/contracts/site-content-base';
import { localizePath, useLanguage } from '@/app/language';
import { useSession } from '@/auth/session';
import { userCenterSections } from '@/layouts/user-center-sections';
import { formatCompactNumber } from '@/lib/format';
import { qrSvg } from '@/lib/qr/qr-encode';
import { useFurniture } from '@/stores/furniture';
import { usePageState } from '@/stores/page';
import type { SiteContent } from './site-content';
import './texts';
import './welfare.css';

const isLink = (payload: string) => /^https?:\/\//i.test(payload);

export function WelfareQrItem({ item }: { item: WelfareItem }) {
  const { t } = useTranslation();
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(item.payload))}`, [item.payload]);
  return (
    <figure className="bb-welfare-item" data-testid="welfare-item">
      <img className="bb-welfare-item__qr" src={src} alt={t('welfare.qrAlt', { title: item.title })} data-testid="welfare-qr" />
      <figcaption className="bb-welfare-item__title">
        {item.image && <img className="bb-welfare-item__image" src={item.image} alt="" loading="lazy" referrerPolicy="no-referrer" />}
        {item.title}
      </figcaption>
      {item.note && <span className="bb-welfare-item__note">{item.note}</span>}
      {isLink(item.payload) && (
        <a href={item.payload} target="_blank" rel="noopener noreferrer">
          {t('welfare.openLink')}
        </a>
      )}
    </figure>
  );
}

/** The four tabs of spec §1, each tab only when it has items. Also the back office's preview. */
export function WelfareTabs({ welfare }: { welfare: SiteContent['welfare'] }) {
  const { t } = useTranslation();
  return (
    <Tabs
      data-testid="welfare-tabs"
      items={welfareTabsWithItems(welfare).map((id) => ({
        key: id,
        label: t(`welfare.tabs.${id}`),
        children: (
          <div className="bb-welfare-items">
            {welfare[id].map((item, index) => (
              <WelfareQrItem key={index} item={item} />
            ))}
          </div>
        ),
      }))}
    />
  );
}

export function EnterpriseDetails({ info }: { info: EnterpriseInfo }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={1}
      size="small"
      data-testid="enterprise-info"
      items={ENTERPRISE_FIELDS.flatMap((field) =>
        info[field]
          ? [
              {
                key: field,
                label: t(`welfare.enterprise.${field}`),
                children: <span style={{ whiteSpace: 'pre-wrap' }}>{info[field]}</span>,
              },
            ]
          : [],
      )}
    />
  );
}

function PersonalPanel({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { logged, avatar, nickName, userName, adCoin, resScore } = useSession();
  if (!logged) return null;
  const link = (path: string) => localizePath(path, language);
  // "My ads" is a user-center section only once the ads pages are part of the build.
  const hasMyAds = (userCenterSections as readonly { path: string }[]).some((section) => section.path === 'ads');
  const links = [
    { to: '/user/center', icon: <UserOutlined />, label: t('welfare.personal.center') },
    ...(hasMyAds ? [{ to: '/user/center/ads', icon: <SoundOutlined />, label: t('welfare.personal.myAds') }] : []),
    { to: '/user/center/settings', icon: <SettingOutlined />, label: t('welfare.personal.settings') },
  ];
  return (
    <div data-testid="personal-info">
      <div className="bb-personal-head">
        <Avatar size={56} src={avatar || undefined}>
          {(nickName || userName).slice(0, 1).toUpperCase()}
        </Avatar>
        <div>
          <strong data-testid="personal-nickname">{nickName || userName}</strong>
          <div className="bb-welfare-item__note">@{userName}</div>
        </div>
      </div>
      <div className="bb-personal-stats">
        <div className="bb-personal-stat">
          <strong data-testid="personal-ad-coin">{formatCompactNumber(adCoin)}</strong>
          {t('welfare.personal.adCoin')}
        </div>
        <div className="bb-personal-stat">
          <strong data-testid="personal-res-score">{formatCompactNumber(resScore)}</strong>
          {t('welfare.personal.resScore')}
        </div>
      </div>
      <nav className="bb-personal-links" aria-label={t('welfare.personal.title')}>
        {links.map((entry) => (
          <Link key={entry.to} to={link(entry.to)} onClick={onNavigate} className="bb-personal-link">
            {entry.icon} {entry.label}
          </Link>
        ))}
        <button type="button" className="bb-personal-link" onClick={() => void import('@/auth/actions').then(({ logout }) => logout())}>
          <LogoutOutlined /> {t('welfare.personal.logout')}
        </button>
      </nav>
    </div>
  );
}

/**
 * The panels the furniture store opens (spec §2): the welfare dialog, the personal drawer (from the
 * right, 90vw on phones) and the enterprise drawer (from the right; from the bottom at 90vh on phones).
 */
export default function FurniturePanels({ content }: { content: SiteContent }) {
  const { t } = useTranslation();
  const open = useFurniture((state) => state.open);
  const close = useFurniture((state) => state.close);
  const isMobile = usePageState((state) => state.isMobileSize);
  return (
    <>
      <Modal open={open === 'welfare'} onCancel={close} footer={null} title={t('welfare.title')} width={isMobile ? '90vw' : 640} centered>
        <div data-testid="welfare-dialog">
          <p className="bb-welfare-item__note">{t('welfare.hint')}</p>
          <WelfareTabs welfare={content.welfare} />
        </div>
      </Modal>
      <Drawer
        open={open === 'personal'}
        onClose={close}
        title={t('welfare.personal.title')}
        placement="right"
        size={isMobile ? '90vw' : 360}
        data-testid="personal-drawer"
      >
        <PersonalPanel onNavigate={close} />
      </Drawer>
      <Drawer
        open={open === 'enterprise'}
        onClose={close}
        title={t('welfare.enterprise.title')}
        placement={isMobile ? 'bottom' : 'right'}
        size={isMobile ? '90vh' : 400}
        data-testid="enterprise-drawer"
      >
        <EnterpriseDetails info={content.enterprise} />
      </Drawer>
    </>
  );
}
