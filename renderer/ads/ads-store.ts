import { create } from 'zustand';
import type { SiteAd } from '@shared/contracts/ads-base';
import { adStorage, readAdCache } from './ad-cache';
import type { AdCache } from './ad-cache';

export const adHostname = () => (typeof location === 'undefined' ? '' : location.hostname);

/**
 * `qr`: the QR-code ad dialog, an ad whose call to action is a code to scan (its `qr` without a
 * link). `scan`: the scan-visit dialog, a linked ad's address as a code for the visitor's phone.
 */
export type AdDialogMode = 'qr' | 'scan';

interface AdsState {
  /** Read when the ads' chunk loads: the same copy the first chunk drew the boxes from. */
  cache: AdCache | undefined;
  dialog: { ad: SiteAd; mode: AdDialogMode } | undefined;
  setCache(cache: AdCache | undefined): void;
  openDialog(ad: SiteAd, mode: AdDialogMode): void;
  closeDialog(): void;
}

export const useAds = create<AdsState>()((set) => ({
  cache: readAdCache(adStorage(), adHostname(), Date.now()),
  dialog: undefined,
  setCache: (cache) => set({ cache }),
  openDialog: (ad, mode) => set({ dialog: { ad, mode } }),
  closeDialog: () => set({ dialog: undefined }),
}));
