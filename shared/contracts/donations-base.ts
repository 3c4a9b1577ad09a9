/**
 * Donations (issue 20; docs/donations.md), the zod-free half the /donation page reads. Money is
 * integer cents of one currency, CNY: the owner records what reached their WeChat Pay or Alipay
 * code, and a float would drift when totals add up.
 */
import type { WelfareItem } from './site-content-base';

export const DONATIONS_API = '/api/community/donations';
export const DONATION_CURRENCY = 'CNY';

/** Live room every open /donation page joins; the server publishes the new ranking into it. */
export const DONATIONS_LIVE_FEATURE = 'donations';
export const DONATIONS_LIVE_ROOM = `${DONATIONS_LIVE_FEATURE}:ranking`;

export const DONATION_NAME_MAX_LENGTH = 40;
export const DONATION_MESSAGE_MAX_LENGTH = 200;
/** ¥1,000,000 in cents: far beyond any one gift, and totals stay exact in a double. */
export const DONATION_AMOUNT_MAX_CENTS = 100_000_000;
/** The ranking shows the top supporters only; the totals count everyone. */
export const DONATION_RANKING_SIZE = 50;

/** One recorded donation, as the back office lists it; times are epoch ms. */
export interface Donation {
  id: number;
  /** The supporter's account when the admin linked one. */
  userId?: number;
  /** That account's user name, for the back office. */
  userName?: string;
  /** The name the supporter gave; neither name nor account: anonymous. */
  name?: string;
  amountCents: number;
  message?: string;
  donatedAt: number;
  createTime: number;
  updateTime: number;
}

export interface DonationInput {
  userId?: number | null;
  name?: string;
  amountCents: number;
  message?: string;
  donatedAt: number;
}

/**
 * One supporter in the ranking: a linked account's donations together, else a name's, and each
 * anonymous donation on its own (two anonymous gifts are not known to be one person's).
 */
export interface DonationSupporter {
  /** Stable across rankings, for list keys and the page's highlight: `u<id>`, `n<name>` or `a<donation id>`. */
  key: string;
  userId?: number;
  name?: string;
  totalCents: number;
  count: number;
  /** The latest message the supporter left. */
  message?: string;
  /** When they last gave. */
  lastTime: number;
}

export interface DonationRanking {
  supporters: DonationSupporter[];
  /** Everyone, not only the shown top. */
  supporterCount: number;
  donationCount: number;
  totalCents: number;
}

/** System config `donation` (edited in the back office's donations page): the owner's codes. */
export const DONATION_CONFIG_CODE = 'donation';
export const DONATION_CODES_MAX = 4;
export interface DonationConfig {
  codes: WelfareItem[];
}
export const EMPTY_DONATION_CONFIG: DonationConfig = { codes: [] };
