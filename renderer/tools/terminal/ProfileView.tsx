import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TunnelProfile } from '@shared/contracts/tunnel';
import { Button } from '@/components/Button';

/** The other device as the server saw it; collapsible (the spec's profileCollapse). */
export function ProfileView({ profile, testId }: { profile: TunnelProfile; testId: string }) {
  const { t } = useTranslation('terminal');
  const [collapsed, setCollapsed] = useState(false);
  const rows = [
    ['device', profile.device],
    ['os', profile.os],
    ['browser', profile.browser],
    ['ip', profile.ip],
  ] as const;
  return (
    <section className="tunnel__profile" data-testid={testId}>
      <Button type="link" size="small" aria-expanded={!collapsed} onClick={() => setCollapsed((value) => !value)}>
        {collapsed ? '▸' : '▾'} {t('profile.title')}
      </Button>
      {!collapsed && (
        <dl>
          {rows.map(([key, value]) => (
            <div key={key}>
              <dt>{t(`profile.${key}`)}</dt>
              <dd>{value || t('profile.unknown')}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
