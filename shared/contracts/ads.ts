import { z } from 'zod';
import {
  AD_IMAGE_URL_PREFIX,
  AD_MAX_LIFETIME_MS,
  AD_RIBBON_TEXT_MAX_LENGTH,
  AD_SETTINGS_MAX_BYTES,
  AD_STATUSES,
  AD_TEXT_MAX_LENGTH,
  AD_TYPES,
  AD_URL_MAX_LENGTH,
  isHttpUrl,
  RIBBON_PLACEMENTS,
} from './ads-base';
import type { AdSettings } from './ads-base';
import type { ServerMessageKey } from './server-messages';
import { PAGE_SIZE_MAX } from './user-limits';

export * from './ads-base';

/**
 * The server's checks of ads-base.ts's shapes (spec §7, docs/ads.md). Each names a key of the
 * server message catalogue (group `ads.field`), so a refusal reaches the visitor translated.
 */
export const AD_FIELD_MESSAGES = {
  request: 'ads.field.request',
  id: 'ads.field.id',
  type: 'ads.field.type',
  status: 'ads.field.status',
  settings: 'ads.field.settings',
  link: 'ads.field.link',
  image: 'ads.field.image',
  text: 'ads.field.text',
  color: 'ads.field.color',
  ribbon: 'ads.field.ribbon',
  qr: 'ads.field.qr',
  content: 'ads.field.content',
  expirationPast: 'ads.field.expirationPast',
  expirationTooFar: 'ads.field.expirationTooFar',
  expiration: 'ads.field.expiration',
  latestTimestamp: 'ads.field.latestTimestamp',
  owner: 'ads.field.owner',
  deleted: 'ads.field.deleted',
  pageNum: 'ads.field.pageNum',
  pageSize: 'ads.field.pageSize',
} as const satisfies Record<string, ServerMessageKey>;

const M = AD_FIELD_MESSAGES;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

const httpUrl = (message: ServerMessageKey) =>
  z.string(message).trim().min(1, message).max(AD_URL_MAX_LENGTH, message).refine(isHttpUrl, message);
const uploadedImage = z.string().regex(new RegExp(`^${AD_IMAGE_URL_PREFIX.replaceAll('/', '\\/')}[A-Za-z0-9_.-]{1,128}$`));
const color = z.string(M.color).regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, M.color);

export const adSettingsSchema: z.ZodType<AdSettings> = z
  .object(
    {
      image: z.union([httpUrl(M.image), uploadedImage], M.image).optional(),
      link: httpUrl(M.link).optional(),
      text: z.string(M.text).trim().max(AD_TEXT_MAX_LENGTH, M.text).optional(),
      color: color.optional(),
      background: color.optional(),
      ribbon: z
        .object(
          {
            text: z.string(M.ribbon).trim().min(1, M.ribbon).max(AD_RIBBON_TEXT_MAX_LENGTH, M.ribbon),
            placement: z.enum(RIBBON_PLACEMENTS, M.ribbon),
          },
          M.ribbon,
        )
        .optional(),
      qr: z.string(M.qr).trim().min(1, M.qr).max(AD_URL_MAX_LENGTH, M.qr).optional(),
    },
    M.settings,
  )
  .strict()
  .refine((settings) => utf8Bytes(JSON.stringify(settings)) <= AD_SETTINGS_MAX_BYTES, M.settings);

/** An ad shows a picture or a text; the picture may still arrive as the upload's file. */
export const hasAdContent = (settings: AdSettings, hasUpload = false) => hasUpload || Boolean(settings.image) || Boolean(settings.text);

const epochMs = (message: ServerMessageKey) => z.number(message).int(message).min(0, message).max(Number.MAX_SAFE_INTEGER, message);

/** Checked against the clock at parse time: in the future, at most a year ahead. */
const expirationTime = epochMs(M.expiration)
  .refine((time) => time > Date.now(), M.expirationPast)
  .refine((time) => time <= Date.now() + AD_MAX_LIFETIME_MS, M.expirationTooFar);

const adId = z.coerce.number(M.id).int(M.id).min(1, M.id).max(Number.MAX_SAFE_INTEGER, M.id);

/** The `ad` field of publish's multipart form, parsed from its JSON text. */
export const adInputSchema = z.object({ type: z.enum(AD_TYPES, M.type), settings: adSettingsSchema, expirationTime }, M.request);
export const adEditSchema = adInputSchema.extend({ id: adId });

export const adStatusChangeSchema = z.object({ id: adId, status: z.enum(AD_STATUSES, M.status) }, M.request);
export const adCountSchema = z.object({ id: adId }, M.request);
export const adIdParams = z.object({ id: adId }, M.request);

export const siteAdsQuery = z.object(
  { latestTimestamp: z.coerce.number(M.latestTimestamp).int(M.latestTimestamp).min(0, M.latestTimestamp).optional() },
  M.request,
);

const pageNum = z.coerce.number(M.pageNum).int(M.pageNum).min(1, M.pageNum).default(1);
const pageSize = z.coerce.number(M.pageSize).int(M.pageSize).min(1, M.pageSize).max(PAGE_SIZE_MAX, M.pageSize).default(10);

export const myAdsQuery = z.object({ pageNum, pageSize }, M.request);
export const adminAdsQuery = z.object(
  {
    pageNum,
    pageSize,
    status: z.enum(AD_STATUSES, M.status).optional(),
    type: z.enum(AD_TYPES, M.type).optional(),
    owner: z.string(M.owner).trim().max(64, M.owner).optional(),
    deleted: z
      .enum(['true', 'false'], M.deleted)
      .transform((flag) => flag === 'true')
      .optional(),
  },
  M.request,
);
