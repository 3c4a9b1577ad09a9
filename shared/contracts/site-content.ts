import { z } from 'zod';
import {
  ENTERPRISE_ABOUT_MAX_LENGTH,
  ENTERPRISE_CONFIG_CODE,
  ENTERPRISE_FIELD_MAX_LENGTH,
  SITE_CONTENT_URL_MAX_LENGTH,
  WELFARE_CONFIG_CODE,
  WELFARE_ITEMS_PER_TAB_MAX,
  WELFARE_NOTE_MAX_LENGTH,
  WELFARE_PAYLOAD_MAX_LENGTH,
  WELFARE_TITLE_MAX_LENGTH,
} from './site-content-base';
import type { EnterpriseInfo, SiteContentCode, WelfareConfig, WelfareItem } from './site-content-base';
import type { ServerMessageKey } from './server-messages';
import { DONATION_CODES_MAX, DONATION_CONFIG_CODE } from './donations-base';
import type { DonationConfig } from './donations-base';

export * from './site-content-base';

/**
 * The server's checks of site-content-base.ts's shapes; the back-office form runs the same ones.
 * Each names a key of the server message catalogue (group `siteContent.field`), so a refusal
 * reaches the admin translated and under the field it blames.
 */
const M = {
  request: 'siteContent.field.request',
  tab: 'siteContent.field.tab',
  items: 'siteContent.field.items',
  title: 'siteContent.field.title',
  payload: 'siteContent.field.payload',
  image: 'siteContent.field.image',
  note: 'siteContent.field.note',
  text: 'siteContent.field.text',
  about: 'siteContent.field.about',
  donationCodes: 'siteContent.field.donationCodes',
} as const satisfies Record<string, ServerMessageKey>;

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const text = (max: number, message: ServerMessageKey) => z.string(message).trim().max(max, message);
/** An empty optional field is the same as a missing one, so a cleared form field removes it. */
const optionalText = (max: number, message: ServerMessageKey) =>
  text(max, message)
    .optional()
    .transform((value) => value || undefined);

const welfareItem: z.ZodType<WelfareItem, unknown> = z
  .strictObject(
    {
      title: text(WELFARE_TITLE_MAX_LENGTH, M.title).min(1, M.title),
      payload: text(WELFARE_PAYLOAD_MAX_LENGTH, M.payload).min(1, M.payload),
      image: optionalText(SITE_CONTENT_URL_MAX_LENGTH, M.image).refine((url) => url === undefined || isHttpUrl(url), M.image),
      note: optionalText(WELFARE_NOTE_MAX_LENGTH, M.note),
    },
    M.items,
  )
  .transform(({ image, note, ...item }) => ({ ...item, ...(image ? { image } : {}), ...(note ? { note } : {}) }));

const welfareTab = z.array(welfareItem, M.items).max(WELFARE_ITEMS_PER_TAB_MAX, M.items).default([]);

export const welfareConfigSchema: z.ZodType<WelfareConfig, unknown> = z.strictObject(
  { payApp: welfareTab, delivery: welfareTab, delivery2: welfareTab, coupons: welfareTab },
  M.tab,
);

export const enterpriseInfoSchema: z.ZodType<EnterpriseInfo, unknown> = z
  .strictObject(
    {
      name: optionalText(ENTERPRISE_FIELD_MAX_LENGTH, M.text),
      about: optionalText(ENTERPRISE_ABOUT_MAX_LENGTH, M.about),
      contact: optionalText(ENTERPRISE_FIELD_MAX_LENGTH, M.text),
      phone: optionalText(ENTERPRISE_FIELD_MAX_LENGTH, M.text),
      email: optionalText(ENTERPRISE_FIELD_MAX_LENGTH, M.text),
      wechat: optionalText(ENTERPRISE_FIELD_MAX_LENGTH, M.text),
      address: optionalText(ENTERPRISE_FIELD_MAX_LENGTH, M.text),
      registration: optionalText(ENTERPRISE_FIELD_MAX_LENGTH, M.text),
    },
    M.request,
  )
  .transform((info) => Object.fromEntries(Object.entries(info).filter(([, value]) => value !== undefined)) as EnterpriseInfo);

/** The owner's donation codes (/donation): the same QR items as a welfare tab. */
export const donationConfigSchema: z.ZodType<DonationConfig, unknown> = z.strictObject(
  { codes: z.array(welfareItem, M.donationCodes).max(DONATION_CODES_MAX, M.donationCodes).default([]) },
  M.request,
);

/** The configs the admin may edit, each with its check; any other code is refused. */
export const SITE_CONTENT_SCHEMAS: Record<SiteContentCode, z.ZodType<unknown, unknown>> = {
  [WELFARE_CONFIG_CODE]: welfareConfigSchema,
  [ENTERPRISE_CONFIG_CODE]: enterpriseInfoSchema,
  [DONATION_CONFIG_CODE]: donationConfigSchema,
};

export const isSiteContentCode = (code: string): code is SiteContentCode => Object.hasOwn(SITE_CONTENT_SCHEMAS, code);
