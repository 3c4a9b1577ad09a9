import { useCallback, useState } from 'react';
import type { ComponentType, CSSProperties, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { AdType } from '@shared/contracts/ads-base';
import { useRouteHandle } from '@/app/route-handle';
import { MAIN_CONTENT_ID } from '@/layouts/SkipLink';
import { registerLayoutSlot } from '@/layouts/slots';
import { usePreloadWhenIdle } from '@/lib/preload-when-idle';
import { adStorage, readAdCache, unexpiredAds } from './ad-cache';
import { adsHidden } from './visibility';
import './ad-slots.css';

/**
 * The ad slots of the default layout (issue 19, docs/ads.md "On the page"). A small chunk of its
 * own, loaded beside the first page (never in the home page's first chunk): a page it reaches
 * before its first paint (a tool page waits for its own chunks) gets, from the cached ads, the
 * boxes of the ads it will show at their final size; a page painted before it arrived shows no ads
 * until the next page. Everything else — the ads themselves, the server call, the counters, the
 * dialogs — is a second chunk loaded once the page is idle, which then draws the same boxes. So
 * nothing below an ad ever moves when it arrives.
 */
export type AdPlace = 'top' | 'bottom';

/** Top: the banner, then the mini banner (under the header); bottom: the mini banner, then the banner (above the footer). */
export const PLACE_TYPES: Record<AdPlace, readonly AdType[]> = {
  top: ['TOP_BANNER', 'TOP_MINI_BANNER'],
  bottom: ['BOTTOM_MINI_BANNER', 'BOTTOM_BANNER'],
};

export interface AdFrame {
  type: AdType;
  style?: CSSProperties;
  id?: number;
  content?: ReactNode;
}

/** The boxes of one place, the same before and after the ads' chunk arrives. */
export function AdFrames({ place, frames, children }: { place: AdPlace; frames: readonly AdFrame[]; children?: ReactNode }) {
  if (!frames.length) return children ?? null;
  return (
    <div className={`bb-ads bb-ads--${place}`}>
      {frames.map((frame) => (
        <div
          key={frame.type}
          className={`bb-ad-box bb-ad-box--${frame.type.endsWith('MINI_BANNER') ? 'mini' : 'banner'}`}
          style={frame.style}
          data-testid={`ad-${frame.type.toLowerCase().replaceAll('_', '-')}`}
          data-ad-id={frame.id}
        >
          {frame.content}
        </div>
      ))}
      {children}
    </div>
  );
}

let Loaded: ComponentType<{ place: AdPlace }> | undefined;
let loading: Promise<void> | undefined;

function loadAds(): Promise<void> {
  loading ??= import('./ads-runtime').then(
    (module) => {
      Loaded = module.AdBoxes;
    },
    (error: unknown) => {
      // A failed download is tried again by the next page.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
const noLoad = () => Promise.resolve();

function cachedFrames(place: AdPlace): AdFrame[] {
  const now = Date.now();
  const ads = unexpiredAds(readAdCache(adStorage(), location.hostname, now)?.ads ?? [], now);
  return PLACE_TYPES[place].filter((type) => ads.some((ad) => ad.type === type)).map((type) => ({ type }));
}

/** The page that was on screen before the slots were registered: it keeps its layout as painted. */
let paintedWithoutAds: string | undefined;

function AdSlot({ place }: { place: AdPlace }) {
  const { pathname, search } = useLocation();
  const hidden = adsHidden(useRouteHandle(), search) || pathname === paintedWithoutAds;
  const [, setLoaded] = useState(false);
  // The page's first boxes: the cached ads' types, read once before the first paint.
  const [frames] = useState(() => cachedFrames(place));
  const load = useCallback(() => loadAds().then(() => setLoaded(true)), []);
  usePreloadWhenIdle(hidden ? noLoad : load);
  if (hidden) return null;
  if (Loaded) return <Loaded place={place} />;
  return <AdFrames place={place} frames={frames} />;
}

const AdTopSlot = () => <AdSlot place="top" />;
const AdBottomSlot = () => <AdSlot place="bottom" />;

/** Fills the default layout's ad slots, and asks for newer ads once the page is idle; called once at start. */
export function registerAdSlots(): void {
  if (document.getElementById(MAIN_CONTENT_ID)) paintedWithoutAds = location.pathname;
  registerLayoutSlot('adTop', AdTopSlot);
  registerLayoutSlot('adBottom', AdBottomSlot);
  if (new URLSearchParams(location.search).has('debug')) return;
  const start = () => void loadAds().catch(() => undefined);
  // Boxes to fill on this page: their content comes at once. Otherwise only the site call for the
  // next page waits, until the page is idle.
  if (cachedFrames('top').length || cachedFrames('bottom').length) start();
  else if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 1000);
}
