/**
 * Site-owner content kept in system configs (issue 19), the zod-free half: what the welfare widget
 * and the enterprise drawer read on every page. The admin edits them through
 * `PUT /api/system/configs/code/{code}`; the checks are in site-content.ts.
 */

export const WELFARE_CONFIG_CODE = 'welfare';
export const ENTERPRISE_CONFIG_CODE = 'enterprise';
/** `donation` (the owner's donation codes): its shape is in donations-base.ts. */
export type SiteContentCode = typeof WELFARE_CONFIG_CODE | typeof ENTERPRISE_CONFIG_CODE | 'donation';

/**
 * Spec §1's four welfare tabs, in its order: payment-app red packet, food-delivery red packet,
 * another food-delivery red packet, member coupons. Their names are the page's texts, not config.
 */
export const WELFARE_TAB_IDS = ['payApp', 'delivery', 'delivery2', 'coupons'] as const;
export type WelfareTabId = (typeof WELFARE_TAB_IDS)[number];

/** One QR code in a tab: the payload is what the code holds (a link or a red-packet text). */
export interface WelfareItem {
  title: string;
  payload: string;
  /** An http(s) picture shown beside the code (the app's logo, the coupon). */
  image?: string;
  note?: string;
}

export type WelfareConfig = Record<WelfareTabId, WelfareItem[]>;

export const EMPTY_WELFARE: WelfareConfig = { payApp: [], delivery: [], delivery2: [], coupons: [] };

/** The site owner's contact and business information; a field left out is not shown. */
export const ENTERPRISE_FIELDS = ['name', 'about', 'contact', 'phone', 'email', 'wechat', 'address', 'registration'] as const;
export type EnterpriseField = (typeof ENTERPRISE_FIELDS)[number];
export type EnterpriseInfo = Partial<Record<EnterpriseField, string>>;

export const EMPTY_ENTERPRISE: EnterpriseInfo = {};

export const WELFARE_ITEMS_PER_TAB_MAX = 8;
export const WELFARE_TITLE_MAX_LENGTH = 40;
/** Keeps the code at a version a phone reads off a screen. */
export const WELFARE_PAYLOAD_MAX_LENGTH = 1024;
export const WELFARE_NOTE_MAX_LENGTH = 200;
export const SITE_CONTENT_URL_MAX_LENGTH = 2048;
export const ENTERPRISE_ABOUT_MAX_LENGTH = 1000;
export const ENTERPRISE_FIELD_MAX_LENGTH = 200;
/** Request body cap of the edit call, as JSON bytes. */
export const SITE_CONTENT_MAX_BYTES = 32 * 1024;

/** Tabs with at least one item, in the spec's order; none: the widget is hidden. */
export function welfareTabsWithItems(config: WelfareConfig | undefined): WelfareTabId[] {
  return WELFARE_TAB_IDS.filter((id) => (config?.[id]?.length ?? 0) > 0);
}

export function hasEnterpriseInfo(info: EnterpriseInfo | undefined): boolean {
  return ENTERPRISE_FIELDS.some((field) => Boolean(info?.[field]?.trim()));
}
