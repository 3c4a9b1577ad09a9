import { ChangeEmailCard } from './ChangeEmailCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import '../account.css';

/** /user/center/security: password and email changes. */
export default function SecurityPage() {
  return (
    <div className="account-page" data-testid="security-page">
      <ChangePasswordCard />
      <ChangeEmailCard />
    </div>
  );
}
