import QrcodeOutlined from '@ant-design/icons-svg/es/asn/QrcodeOutlined';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { SiteAd } from '@shared/contracts/ads-base';
import { addTexts } from '@/app/page-texts';
import { adImageUrl } from '@/http/ad-image-url';
import { Icon } from '@/layouts/plain/icon';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { adOfType, adStorage, nextAdCache, nextExpiry, unexpiredAds, writeAdCache } from './ad-cache';
import { AdFrames, PLACE_TYPES } from './AdSlots';
import type { AdPlace } from './AdSlots';
import { adHostname, useAds } from './ads-store';
import { cn, en } from './locales';
import './ad.css';

/**
 * The ads' chunk, loaded once the page is idle (AdSlots.tsx drew the boxes until then): the ads in
 * their boxes, their counters, the server's newer ads and the two QR dialogs.
 */
addTexts('common', { cn: { ads: cn }, en: { ads: en } });

const api = () => import('@/http/customer-ads');

/** Asks the server for newer ads than the cached ones, once per page load; a failed call keeps the cache (the call is quiet). */
function refreshAds(): void {
  const { cache } = useAds.getState();
  void api()
    .then(({ customerAdsApi }) => customerAdsApi.site(cache?.latestTimestamp))
    .then((response) => {
      const next = nextAdCache(useAds.getState().cache, response, Date.now());
      if (!next) return;
      writeAdCache(adStorage(), adHostname(), next);
      useAds.getState().setCache(next);
    })
    .catch(() => undefined);
}

/** Each ad counts one view per page load, and only once it has really been on screen. */
const viewed = new Set<number>();

function useViewCount(ad: SiteAd) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || viewed.has(ad.id) || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting) || viewed.has(ad.id)) return;
        viewed.add(ad.id);
        observer.disconnect();
        void api().then(({ customerAdsApi }) => customerAdsApi.view(ad.id).catch(() => undefined));
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ad.id]);
  return ref;
}

const countVisit = (ad: SiteAd) => void api().then(({ customerAdsApi }) => customerAdsApi.visit(ad.id).catch(() => undefined));

/** The picture's drawn size: the box's; width and height keep the room before it loads. */
const IMAGE_SIZE = { banner: { width: 728, height: 90 }, mini: { width: 468, height: 36 } };

function AdBody({ ad, imageUrl }: { ad: SiteAd; imageUrl?: string }) {
  const mini = ad.type.endsWith('MINI_BANNER');
  const size = IMAGE_SIZE[mini ? 'mini' : 'banner'];
  return (
    <>
      {imageUrl ? (
        <img className="bb-ad__image" src={imageUrl} alt={ad.settings.text ?? ''} loading="lazy" decoding="async" {...size} />
      ) : null}
      {ad.settings.text ? <span className="bb-ad__text">{ad.settings.text}</span> : null}
    </>
  );
}

/** An ad in its box: a sponsored link in a new tab, or a code to scan; its ribbon; a scan button for a phone. */
function AdContent({ ad }: { ad: SiteAd }) {
  const { t } = useTranslation();
  const ref = useViewCount(ad);
  const openDialog = useAds((state) => state.openDialog);
  const { link, qr, ribbon, image } = ad.settings;
  const imageUrl = image ? adImageUrl(image) : undefined;
  const body = <AdBody ad={ad} imageUrl={imageUrl} />;
  return (
    <div
      ref={ref}
      className={['bb-ad', imageUrl && !ad.settings.text ? 'bb-ad--picture' : '', ribbon ? `bb-ad--ribbon-${ribbon.placement}` : '']
        .filter(Boolean)
        .join(' ')}
    >
      {link ? (
        <a className="bb-ad__main" href={link} target="_blank" rel="noopener noreferrer sponsored" onClick={() => countVisit(ad)}>
          {body}
        </a>
      ) : qr ? (
        <button
          type="button"
          className="bb-ad__main"
          onClick={() => {
            countVisit(ad);
            openDialog(ad, 'qr');
          }}
        >
          {body}
        </button>
      ) : (
        <div className="bb-ad__main">{body}</div>
      )}
      {ribbon ? <span className={`bb-ad__ribbon bb-ad__ribbon--${ribbon.placement}`}>{ribbon.text}</span> : null}
      <span className="bb-ad__label">{t('ads.label')}</span>
      {link ? (
        <button
          type="button"
          className="bb-ad__scan"
          aria-label={t('ads.scan')}
          title={t('ads.scan')}
          onClick={() => openDialog(ad, 'scan')}
          data-testid="ad-scan"
        >
          <Icon icon={QrcodeOutlined} />
        </button>
      ) : null}
    </div>
  );
}

const AdQrDialog = lazyWithAntd(() => import('./AdQrDialog'));

/** The QR-code ad dialog and the scan-visit dialog: one at a time, loaded on first opening. */
function AdDialogs() {
  const dialog = useAds((state) => state.dialog);
  const close = useAds((state) => state.closeDialog);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <AdQrDialog ad={dialog.ad} mode={dialog.mode} onClose={close} onVisit={() => countVisit(dialog.ad)} />
    </Suspense>
  );
}

refreshAds();

/** Counts page views in this tab (a random start, so visitors do not all begin with the same ad). */
let lastPath: string | undefined;
let turn = Math.floor(Math.random() * 1000);
function turnOf(path: string): number {
  if (path !== lastPath) {
    lastPath = path;
    turn += 1;
  }
  return turn;
}

/** The page's time, moved on when one of its ads expires, so an ad never outlives its expiry on screen. */
function useNow(ads: readonly SiteAd[]): number {
  const [now, setNow] = useState(Date.now);
  const next = nextExpiry(ads, now);
  useEffect(() => {
    if (next === undefined) return;
    // setTimeout holds at most ~24.8 days; a longer wait just checks again then.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - Date.now() + 1, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}

const typesOf = (place: AdPlace, ads: readonly SiteAd[]) => PLACE_TYPES[place].filter((type) => ads.some((ad) => ad.type === type));

/**
 * A place's ads, one per type. A page keeps the boxes it opened with: a type the server adds shows
 * from the next page on, so it never pushes the page down; an ad that expires or is withdrawn goes
 * at once, and its empty box with the page.
 */
export function AdBoxes({ place }: { place: AdPlace }) {
  const { pathname } = useLocation();
  const cached = useAds((state) => state.cache?.ads);
  const now = useNow(cached ?? []);
  const live = unexpiredAds(cached ?? [], now);
  const [opened, setOpened] = useState(() => ({ pathname, types: typesOf(place, live) }));
  if (opened.pathname !== pathname) setOpened({ pathname, types: typesOf(place, live) });
  const pageTurn = turnOf(pathname);
  const frames = opened.types.map((type) => {
    const ad = adOfType(live, type, pageTurn);
    // An ad gone while the page is open (expired, withdrawn) leaves its box empty until the next
    // page: nothing below it moves while it is read.
    if (!ad) return { type };
    return { type, id: ad.id, style: { color: ad.settings.color, background: ad.settings.background }, content: <AdContent ad={ad} /> };
  });
  return (
    <AdFrames place={place} frames={frames}>
      {place === 'top' ? <AdDialogs /> : null}
    </AdFrames>
  );
}
