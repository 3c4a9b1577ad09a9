import {
  AD_IMAGE_MAX_BYTES,
  AD_IMAGE_TYPES,
  AD_RIBBON_TEXT_MAX_LENGTH,
  AD_SETTINGS_MAX_BYTES,
  AD_TEXT_MAX_LENGTH,
  AD_URL_MAX_LENGTH,
  isHttpUrl,
} from '@shared/contracts/ads-base';
import type { AdInput, AdSettings, AdType, CustomerAd, RibbonPlacement } from '@shared/contracts/ads-base';
import type { ServerMessageKey } from '@shared/contracts/server-messages';

/**
 * The publish / edit form of an ad, as plain values, and its checks. Each check names the server's
 * own message key, so a refusal here reads exactly as the server's would (the form shows them
 * through `common:http.server.*`), and the server's refusals land under the same fields.
 */
export interface AdFormValues {
  type: AdType;
  text: string;
  link: string;
  color: string;
  background: string;
  ribbonText: string;
  ribbonPlacement: RibbonPlacement;
  qr: string;
  /** yyyy-MM-dd, local: the ad runs to the end of that day. */
  expiry: string;
}

/** The picture: a file picked now, or the address the ad already has. */
export interface AdImageValue {
  file?: File;
  url?: string;
}

export type AdFormField = keyof AdFormValues | 'image';

export const AD_DEFAULT_COLOR = '#ffffff';
export const AD_DEFAULT_BACKGROUND = '#1677ff';
const DEFAULT_DAYS = 30;
/** The latest expiry the form offers: the server allows a year from the save (AD_MAX_LIFETIME_MS). */
export const AD_MAX_DAYS = 365;

const pad = (value: number) => String(value).padStart(2, '0');
export const dateText = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

export function emptyAdForm(now: Date): AdFormValues {
  return {
    type: 'TOP_BANNER',
    text: '',
    link: '',
    color: AD_DEFAULT_COLOR,
    background: AD_DEFAULT_BACKGROUND,
    ribbonText: '',
    ribbonPlacement: 'topRight',
    qr: '',
    expiry: dateText(addDays(now, DEFAULT_DAYS)),
  };
}

/** The form filled from a saved ad (editing keeps the stored picture until another is picked). */
export function adFormOf(ad: CustomerAd): { values: AdFormValues; image: AdImageValue } {
  const { settings } = ad;
  return {
    values: {
      type: ad.type,
      text: settings.text ?? '',
      link: settings.link ?? '',
      color: settings.color ?? AD_DEFAULT_COLOR,
      background: settings.background ?? AD_DEFAULT_BACKGROUND,
      ribbonText: settings.ribbon?.text ?? '',
      ribbonPlacement: settings.ribbon?.placement ?? 'topRight',
      qr: settings.qr ?? '',
      expiry: dateText(new Date(ad.expirationTime)),
    },
    image: settings.image ? { url: settings.image } : {},
  };
}

/** The end of a yyyy-MM-dd day in local time; undefined for anything else. */
export function expiryTime(date: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = new Date(year, month, day);
  if (start.getFullYear() !== year || start.getMonth() !== month || start.getDate() !== day) return undefined;
  return new Date(year, month, day + 1).getTime() - 1;
}

export const expiryBounds = (now: Date) => ({ min: dateText(now), max: dateText(addDays(now, AD_MAX_DAYS)) });

export function expiryProblem(date: string, now: Date): ServerMessageKey | undefined {
  const time = expiryTime(date);
  if (time === undefined) return 'ads.field.expiration';
  if (time <= now.getTime()) return 'ads.field.expirationPast';
  if (time > addDays(now, AD_MAX_DAYS + 1).getTime()) return 'ads.field.expirationTooFar';
  return undefined;
}

export function linkProblem(link: string): ServerMessageKey | undefined {
  const trimmed = link.trim();
  if (!trimmed) return undefined;
  return trimmed.length > AD_URL_MAX_LENGTH || !isHttpUrl(trimmed) ? 'ads.field.link' : undefined;
}

export const textProblem = (text: string): ServerMessageKey | undefined =>
  text.trim().length > AD_TEXT_MAX_LENGTH ? 'ads.field.text' : undefined;
export const ribbonProblem = (text: string): ServerMessageKey | undefined =>
  text.trim().length > AD_RIBBON_TEXT_MAX_LENGTH ? 'ads.field.ribbon' : undefined;
export const qrProblem = (qr: string): ServerMessageKey | undefined => (qr.trim().length > AD_URL_MAX_LENGTH ? 'ads.field.qr' : undefined);

/** What can be told from the file alone; whether it decodes is the page's to find out. */
export function imageFileProblem(file: { size: number; type: string }): ServerMessageKey | undefined {
  if (!AD_IMAGE_TYPES.some((type) => type === file.type)) return 'ads.imageWrongType';
  if (file.size > AD_IMAGE_MAX_BYTES) return 'ads.imageTooLarge';
  return undefined;
}

export const contentProblem = (text: string, image: AdImageValue | undefined): ServerMessageKey | undefined =>
  text.trim() || image?.file || image?.url ? undefined : 'ads.field.content';

/** The settings the form describes; empty fields are left out. `image` is the kept address, if any. */
export function adSettingsOf(values: AdFormValues, image?: string): AdSettings {
  const text = values.text.trim();
  const link = values.link.trim();
  const qr = values.qr.trim();
  const ribbon = values.ribbonText.trim();
  return {
    ...(image ? { image } : {}),
    ...(link ? { link } : {}),
    ...(text ? { text } : {}),
    color: values.color,
    background: values.background,
    ...(ribbon ? { ribbon: { text: ribbon, placement: values.ribbonPlacement } } : {}),
    ...(qr ? { qr } : {}),
  };
}

export const settingsProblem = (settings: AdSettings): ServerMessageKey | undefined =>
  new TextEncoder().encode(JSON.stringify(settings)).length > AD_SETTINGS_MAX_BYTES ? 'ads.field.settings' : undefined;

export function adInputOf(values: AdFormValues, image?: string): AdInput {
  return { type: values.type, settings: adSettingsOf(values, image), expirationTime: expiryTime(values.expiry) ?? 0 };
}

/**
 * The form field a server refusal blames. The server names zod paths of the `ad` it parsed
 * (`settings.link`, `expirationTime`) and `image` for the uploaded file.
 */
export function adFormFieldOf(serverField: string): AdFormField | undefined {
  const [head, second] = serverField.split('.');
  if (head === 'type') return 'type';
  if (head === 'expirationTime') return 'expiry';
  if (head === 'image') return 'image';
  if (head !== 'settings') return undefined;
  switch (second) {
    case 'ribbon':
      return 'ribbonText';
    case 'image':
    case 'link':
    case 'text':
    case 'color':
    case 'background':
    case 'qr':
      return second;
    default:
      return undefined;
  }
}
