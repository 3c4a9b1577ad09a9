import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DONATION_CONFIG_CODE, DONATION_RANKING_SIZE, DONATIONS_API, DONATIONS_LIVE_ROOM } from '@shared/contracts/donations-base';
import type { DonationConfig, DonationRanking } from '@shared/contracts/donations-base';
import type { WelfareItem } from '@shared/contracts/site-content-base';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Empty } from '@/components/Empty';
import { Panel } from '@/components/Panel';
import { Space } from '@/components/Space';
import { Spin } from '@/components/Spin';
import { Paragraph, Text } from '@/components/Text';
import { formatCompactNumber } from '@/lib/format';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { qrSvg } from '@/lib/qr/qr-encode';
import { account } from '@/platform';
import { asRanking, formatYuan } from './donation.service';
import './donation.css';

// antd's Table (with its pagination, size changer and quick jumper) loads after the page's first view.
const RankingTable = lazyWithAntd(() => import('./RankingTable'));

const isLink = (payload: string) => /^https?:\/\//i.test(payload);

function DonationCode({ item }: { item: WelfareItem }) {
  const { t } = useTranslation('donation');
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(item.payload))}`, [item.payload]);
  return (
    <figure className="donation-code" data-testid="donation-code">
      <img className="donation-code__qr" src={src} alt={t('qrAlt', { title: item.title })} />
      <figcaption className="donation-code__title">
        {item.image && <img className="donation-code__logo" src={item.image} alt="" loading="lazy" referrerPolicy="no-referrer" />}
        {item.title}
      </figcaption>
      {item.note && <Text type="secondary">{item.note}</Text>}
      {isLink(item.payload) && (
        <a href={item.payload} target="_blank" rel="noopener noreferrer">
          {t('openLink')}
        </a>
      )}
    </figure>
  );
}

function Totals({ ranking }: { ranking: DonationRanking }) {
  const { t } = useTranslation('donation');
  const items = [
    { label: t('totalAmount'), value: formatYuan(ranking.totalCents), id: 'total' },
    { label: t('supporterCount'), value: formatCompactNumber(ranking.supporterCount), id: 'supporters' },
    { label: t('donationCount'), value: formatCompactNumber(ranking.donationCount), id: 'donations' },
  ];
  return (
    <dl className="donation-totals" aria-label={t('totals')}>
      {items.map((item) => (
        <div key={item.id} className="donation-totals__item">
          <dt>{item.label}</dt>
          <dd data-testid={`donation-${item.id}`}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function DonationPage() {
  const { t } = useTranslation('donation');
  const [ranking, setRanking] = useState<DonationRanking>();
  const [codes, setCodes] = useState<WelfareItem[]>();
  const [failed, setFailed] = useState(false);
  const [connected, setConnected] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    account.get<DonationRanking>(`${DONATIONS_API}/ranking`).then(
      (loaded) => setRanking(asRanking(loaded)),
      () => setFailed(true),
    );
  }, []);

  useEffect(() => {
    account.get<{ value: DonationConfig }>(`/api/system/configs/code/${DONATION_CONFIG_CODE}`).then(
      (config) => setCodes(Array.isArray(config.value?.codes) ? config.value.codes : []),
      () => setCodes([]),
    );
  }, []);

  useEffect(() => {
    let ended = false;
    let stop = () => undefined as void;
    // The live client carries zod (its message contract): it loads after the page's first view.
    void import('@/lib/live').then(({ pageLive }) => {
      load();
      if (ended) return;
      const live = pageLive();
      const stopStatus = live.onStatus((status) => setConnected(status === 'open'));
      // Each (re)join reloads: what changed while the connection was down arrives that way.
      const room = live.join(DONATIONS_LIVE_ROOM, {
        onJoined: load,
        onMessage: (data) => {
          const next = asRanking(data);
          if (next) setRanking(next);
        },
      });
      stop = () => {
        stopStatus();
        room.leave();
      };
    }, load);
    return () => {
      ended = true;
      stop();
    };
  }, [load]);

  const rows = useMemo(() => ranking?.supporters.map((supporter, index) => ({ ...supporter, rank: index + 1 })) ?? [], [ranking]);

  return (
    <Space direction="vertical" size={16} className="donation-page" data-testid="donation-page">
      <Paragraph className="donation-intro">{t('intro')}</Paragraph>
      <Panel title={t('codes')}>
        {codes === undefined ? null : codes.length > 0 ? (
          <div className="donation-codes">
            {codes.map((item, index) => (
              <DonationCode key={index} item={item} />
            ))}
          </div>
        ) : (
          <Empty image="simple" description={t('noCodes')} />
        )}
      </Panel>
      <Panel
        title={t('ranking')}
        extra={
          <span data-testid="donation-live" data-live={connected ? 'open' : 'closed'}>
            <span className={connected ? 'donation-live donation-live--open' : 'donation-live'}>
              {connected ? t('live') : t('connecting')}
            </span>
          </span>
        }
      >
        {failed ? (
          <Alert
            type="error"
            showIcon
            title={t('loadFailed')}
            action={
              <Button size="small" onClick={load}>
                {t('retry')}
              </Button>
            }
          />
        ) : (
          <Space direction="vertical" size={12} className="donation-ranking">
            {ranking && <Totals ranking={ranking} />}
            <Suspense fallback={<Spin />}>
              <RankingTable rows={rows} loading={!ranking} />
            </Suspense>
            <Text type="secondary" className="donation-note">
              {t('currencyNote')}
              {ranking && ranking.supporterCount > DONATION_RANKING_SIZE ? ` · ${t('topOnly', { size: DONATION_RANKING_SIZE })}` : ''}
            </Text>
          </Space>
        )}
      </Panel>
    </Space>
  );
}
