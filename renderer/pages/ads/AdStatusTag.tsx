import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomerAd, AdStatus } from '@shared/contracts/ads-base';

const COLORS: Record<AdStatus, string> = { PENDING: 'gold', APPROVED: 'green', REJECTED: 'red', PAUSED: 'default' };

/** The ad's status, and "expired" beside an approved ad whose time is over (the site no longer shows it). */
export function AdStatusTag({ ad, now }: { ad: Pick<CustomerAd, 'id' | 'status' | 'expirationTime'>; now: number }) {
  const { t } = useTranslation('account');
  return (
    <span data-testid={`ad-status-${ad.id}`} data-status={ad.status}>
      <Tag color={COLORS[ad.status]}>{t(`ads.statuses.${ad.status}`)}</Tag>
      {ad.expirationTime <= now ? <Tag>{t('ads.expired')}</Tag> : null}
    </span>
  );
}
