import { ExperimentOutlined, GlobalOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Card, Divider, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { localizePath, switchLanguagePath, useLanguage } from '@/app/language';
import { safeRedirect, switchLoginSearch } from '@/auth/login-url';
import { PageHeading } from '@/components/PageHeading';
import { ForgotPasswordForm } from './login/ForgotPasswordForm';
import { LoginForm } from './login/LoginForm';
import { RegisterForm } from './login/RegisterForm';
import { toast } from '@/lib/notify';
import { useDemoAccount } from './login/use-demo-account';
import './account.css';

const TABS = ['login', 'register', 'forgot'] as const;
type PortalTab = (typeof TABS)[number];
const isTab = (value: string | null): value is PortalTab => TABS.some((tab) => tab === value);

/** A site title from the query is shown, never trusted: plain text, kept short. */
const NAME_MAX = 40;

/**
 * /user/login — the login portal of spec §2: log in, sign up or reset the password, then go back
 * to `redirect` (our own paths only) or home. `name` is the title of the site that sent the
 * visitor, as on the external portal; `tab=register|forgot` opens that tab.
 */
export default function LoginPage() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const [params] = useSearchParams();
  const requestedTab = params.get('tab');
  const [tab, setTab] = useState<PortalTab>(isTab(requestedTab) ? requestedTab : 'login');
  const [resetEmail, setResetEmail] = useState<string>();
  const demo = useDemoAccount();

  const siteName = params.get('name')?.trim().slice(0, NAME_MAX) || tc('site.title');
  const target = safeRedirect(params.get('redirect')) ?? localizePath('/', language);
  const done = () => void navigate(target, { replace: true });
  const otherLanguage = language === 'cn' ? 'en' : 'cn';
  // The other language's login page must also send the visitor back in that language, greeting
  // them with our site's name in it.
  const otherLanguageHref = `${switchLanguagePath(pathname, otherLanguage)}${switchLoginSearch(search, otherLanguage, (lng) => tc('site.title', { lng }))}${hash}`;

  return (
    // EmptyLayout already provides the page's <main>.
    <div className="account-portal">
      <Card className="account-portal__card" variant="borderless">
        <header className="account-portal__head">
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <PageHeading level={1} look={3} style={{ margin: '8px 0 0' }} data-testid="portal-title">
            {t('portal.welcome', { name: siteName })}
          </PageHeading>
          <Typography.Text type="secondary">{t('portal.subtitle')}</Typography.Text>
        </header>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as PortalTab)}
          centered
          items={[
            {
              key: 'login',
              label: t('portal.tabs.login'),
              children: <LoginForm initialAccount={resetEmail} onDone={done} onForgot={() => setTab('forgot')} />,
            },
            { key: 'register', label: t('portal.tabs.register'), children: <RegisterForm onDone={done} /> },
            {
              key: 'forgot',
              label: t('portal.tabs.forgot'),
              children: (
                <ForgotPasswordForm
                  onDone={(email) => {
                    setResetEmail(email);
                    setTab('login');
                  }}
                />
              ),
            },
          ]}
          data-testid="portal-tabs"
        />
        {demo.offered ? (
          <>
            <Divider plain>{t('portal.or')}</Divider>
            <Button
              block
              icon={<ExperimentOutlined />}
              loading={demo.starting}
              onClick={() =>
                void demo.start().then(
                  () => {
                    toast.success(t('login.success'));
                    done();
                  },
                  () => undefined,
                )
              }
              data-testid="demo-login"
            >
              {t('portal.demo')}
            </Button>
            <Typography.Paragraph type="secondary" className="account-portal__note">
              {t('portal.demoHint')}
            </Typography.Paragraph>
          </>
        ) : null}
        <nav className="account-portal__links">
          <Link to={localizePath('/', language)}>
            <HomeOutlined /> {t('portal.backHome')}
          </Link>
          <Link to={otherLanguageHref} lang={otherLanguage === 'cn' ? 'zh-CN' : 'en'}>
            <GlobalOutlined /> {otherLanguage === 'cn' ? '简体中文' : 'English'}
          </Link>
        </nav>
      </Card>
    </div>
  );
}
