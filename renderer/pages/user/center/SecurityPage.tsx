import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/auth/session';
import { ChangeEmailCard } from './ChangeEmailCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import '../account.css';

/** /user/center/security: password and email changes (none for the shared demo account, whose server refuses them). */
export default function SecurityPage() {
  const { t } = useTranslation('account');
  const demo = useSession((state) => state.demo);
  return (
    <div className="account-page" data-testid="security-page">
      {demo ? (
        <Alert type="info" showIcon message={t('profile.demoReadOnly')} data-testid="demo-read-only" />
      ) : (
        <>
          <ChangePasswordCard />
          <ChangeEmailCard />
        </>
      )}
    </div>
  );
}
