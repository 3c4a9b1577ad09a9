/**
 * Customer ads (spec §3, §4, §7, §9; issue 19), the zod-free half: shapes, constants and the
 * status machine, for pages that must not load zod. The server's checks are in ads.ts.
 *
 * An ad has a type (where it shows), settings (what it shows), an expiry, an owner and a status.
 * Visitors see only APPROVED, unexpired, not soft-deleted ads, through `GET …/site`.
 */

/** Where an ad shows. Placements are TOP and BOTTOM (spec §9); each has a banner and a mini banner. */
export const AD_TYPES = ['TOP_MINI_BANNER', 'BOTTOM_MINI_BANNER', 'TOP_BANNER', 'BOTTOM_BANNER'] as const;
export type AdType = (typeof AD_TYPES)[number];
export const AD_PLACEMENTS = ['TOP', 'BOTTOM'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];
export const adPlacementOf = (type: AdType): AdPlacement => (type.startsWith('TOP') ? 'TOP' : 'BOTTOM');

/** Spec §5: a ribbon sits in the top-left or top-right corner. */
export const RIBBON_PLACEMENTS = ['topLeft', 'topRight'] as const;
export type RibbonPlacement = (typeof RIBBON_PLACEMENTS)[number];

/**
 * What an ad shows (spec §3 "settings (JSON)"). Every field is optional but an ad needs at least an
 * image or a text. `link` is http(s) only; `image` is an http(s) address or the server's own
 * `/api/system/customer-ads/image/…` path for an uploaded picture. `qr` is the payload of the QR
 * code the QR dialog and the scan-visit dialog show (defaults to `link`).
 */
export interface AdSettings {
  image?: string;
  link?: string;
  text?: string;
  /** CSS colours (#rgb, #rrggbb, #rrggbbaa). */
  color?: string;
  background?: string;
  ribbon?: { text: string; placement: RibbonPlacement };
  qr?: string;
}

/**
 * http(s) only: `javascript:`, `data:` and the rest are refused wherever an ad carries an address.
 * Here rather than in ads.ts so the publish form checks a link as the server does, without zod.
 */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const AD_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'PAUSED'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];
export type AdActor = 'OWNER' | 'ADMIN';

/**
 * The status machine the spec leaves open (docs/ads.md). A publish starts PENDING. The admin
 * reviews (PENDING → APPROVED | REJECTED), may approve a rejected ad after all, and pauses or
 * resumes any approved ad. The owner pauses and resumes only their own approved ad, and cannot
 * resume an ad the admin paused (`pausedBy`). An owner's edit of a PENDING or REJECTED ad puts it
 * (back) to PENDING; an APPROVED or PAUSED ad is not editable by its owner.
 */
export const AD_TRANSITIONS: Readonly<Record<AdActor, Readonly<Partial<Record<AdStatus, readonly AdStatus[]>>>>> = {
  ADMIN: {
    PENDING: ['APPROVED', 'REJECTED'],
    REJECTED: ['APPROVED'],
    APPROVED: ['PAUSED'],
    PAUSED: ['APPROVED'],
  },
  OWNER: {
    APPROVED: ['PAUSED'],
    PAUSED: ['APPROVED'],
  },
};

export function mayChangeAdStatus(actor: AdActor, ad: { status: AdStatus; pausedBy?: AdActor | null }, to: AdStatus): boolean {
  if (!(AD_TRANSITIONS[actor][ad.status] ?? []).includes(to)) return false;
  // The owner cannot undo the admin's pause.
  return !(actor === 'OWNER' && ad.status === 'PAUSED' && ad.pausedBy === 'ADMIN');
}

export const AD_OWNER_EDITABLE: readonly AdStatus[] = ['PENDING', 'REJECTED'];

/** What every visitor gets (`GET …/site`): no owner, no counters, no status. */
export interface SiteAd {
  id: number;
  type: AdType;
  settings: AdSettings;
  /** Epoch ms; the ad is not shown from then on. */
  expirationTime: number;
}

/**
 * `GET /api/system/customer-ads/site?latestTimestamp=N`. `latestTimestamp` is when the set of
 * visible ads last changed (any publish, edit, status change or delete). `ads` is null when the
 * request's latestTimestamp is already that new: the client keeps its cache.
 */
export interface SiteAdsResponse {
  ads: SiteAd[] | null;
  latestTimestamp: number;
}

/** What the owner and the admin see. */
export interface CustomerAd extends SiteAd {
  status: AdStatus;
  /** Soft-deleted: gone for the owner and visitors, still listed for the admin. */
  deleted: boolean;
  pausedBy: AdActor | null;
  ownerId: number;
  ownerName: string;
  /** Counted once per visitor per ad per day. */
  views: number;
  visits: number;
  createTime: number;
  updateTime: number;
}

/** Body of publish (new) and PUT (edit, with `id`), sent as the `ad` field of a multipart form whose optional `image` field is the picture. */
export interface AdInput {
  type: AdType;
  settings: AdSettings;
  expirationTime: number;
}
export interface AdEdit extends AdInput {
  id: number;
}

export interface AdStatusChange {
  id: number;
  status: AdStatus;
}

/** `POST …/view` (application/json) and `POST …/visit` (application/json-patch+json). */
export interface AdCount {
  id: number;
}

/** Admin list filters (`GET …/list/page`), besides pageNum and pageSize. */
export interface AdListFilter {
  status?: AdStatus;
  type?: AdType;
  /** User id or user name. */
  owner?: string;
  /** Include soft-deleted ads (admin only); default false. */
  deleted?: boolean;
}

export const CUSTOMER_ADS_API = '/api/system/customer-ads';
export const AD_IMAGE_URL_PREFIX = `${CUSTOMER_ADS_API}/image/`;
export const AD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const AD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'] as const;
/** The settings JSON, measured as UTF-8 bytes of its text. */
export const AD_SETTINGS_MAX_BYTES = 4096;
export const AD_TEXT_MAX_LENGTH = 200;
export const AD_URL_MAX_LENGTH = 2048;
export const AD_RIBBON_TEXT_MAX_LENGTH = 16;
/** An ad runs at most a year from when it is saved. */
export const AD_MAX_LIFETIME_MS = 366 * 24 * 3600 * 1000;
/** Spec §9: the local ad cache (per hostname) lives 7 days. */
export const AD_CACHE_LIFETIME_MS = 7 * 24 * 3600 * 1000;
export { adCacheKey } from './ads-cache-key';
