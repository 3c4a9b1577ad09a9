import LoginOutlined from '@ant-design/icons-svg/es/asn/LoginOutlined';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLanguage } from '@/app/language';
import { loginAddress } from '@/auth/login-url';
import { useSession } from '@/auth/session';
import { Icon } from '@/layouts/plain/icon';
import { buttonClass, isPlainClick } from '@/layouts/plain/parts';
import { usePageState } from '@/stores/page';
import type { AccountButtonProps } from './account-button';

// antd's Dropdown with the account's entries loads on the way to the first opening (pointer over
// the avatar, focus, or the click itself), not with the page.
const loadDropdown = () => import('./UserDropdown');
const UserDropdown = lazy(loadDropdown);

function AvatarButton({ avatar, name, ...rest }: AccountButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={buttonClass({ variant: 'text' })}
      aria-label={t('userCenter.title')}
      data-testid="user-menu"
      style={{ paddingInline: 4 }}
      {...rest}
    >
      <span className="bb-avatar" aria-hidden>
        {avatar ? <img src={avatar} alt="" /> : name.slice(0, 1).toUpperCase()}
      </span>
    </button>
  );
}

/** Header entry to the account: a login button for visitors, an avatar menu for members. */
export default function UserMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const isMobile = usePageState((state) => state.isMobileSize);
  const { logged, admin, avatar, nickName, userName } = useSession();
  const [opened, setOpened] = useState(false);

  if (!logged) {
    const address = loginAddress({ redirect: `${pathname}${search}${hash}`, name: t('site.title') }, language);
    // One element and one tab stop, a link that looks like a button. On a phone it shows only the
    // icon, so it is named explicitly (the icon alone says "login").
    return (
      <a
        href={address}
        className={buttonClass({ variant: 'primary', small: isMobile, iconOnly: isMobile })}
        aria-label={t('nav.login')}
        data-testid="login-link"
        onClick={(event) => {
          if (!isPlainClick(event) || /^https?:/i.test(address)) return;
          event.preventDefault();
          void navigate(address);
        }}
      >
        <Icon icon={LoginOutlined} />
        {!isMobile && <span>{t('nav.login')}</span>}
      </a>
    );
  }

  const button = { avatar, name: nickName || userName };
  const preload = () => void loadDropdown().catch(() => undefined);
  if (!opened) return <AvatarButton {...button} onClick={() => setOpened(true)} onPointerEnter={preload} onFocus={preload} />;
  return (
    <Suspense fallback={<AvatarButton {...button} />}>
      <UserDropdown button={<AvatarButton {...button} autoFocus />} admin={admin} />
    </Suspense>
  );
}
