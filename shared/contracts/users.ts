import { z } from 'zod';
import type { ServerMessageKey } from './server-messages';
import { NICK_NAME_MAX, PAGE_SIZE_MAX, PASSWORD_MAX, PASSWORD_MIN, SETTINGS_MAX_BYTES, USER_NAME_PATTERN } from './user-limits';

/**
 * The accounts API (spec §3 users, §7 "Users"). Request schemas are shared so the server validates
 * exactly what the client sends; both sides import these, never their own copies.
 */

export * from './user-limits';

/**
 * What a rejected field says: each check names a key of the server message catalogue
 * (server-messages.ts, group `users.field`). The server's error middleware turns the keys of a
 * failed parse into `ext.messages` with the field's name, marked for the visitor; the client
 * translates them. No zod default (English, quoting the pattern) reaches the visitor.
 */
export const USER_FIELD_MESSAGES = {
  request: 'users.field.request',
  account: 'users.field.account',
  loginPassword: 'users.field.loginPassword',
  userName: 'users.field.userName',
  email: 'users.field.email',
  password: 'users.field.password',
  oldPassword: 'users.field.oldPassword',
  captcha: 'users.field.captcha',
  purpose: 'users.field.purpose',
  captchaToken: 'users.field.captchaToken',
  refreshToken: 'users.field.refreshToken',
  nickName: 'users.field.nickName',
  nickNameInvisible: 'users.field.nickNameInvisible',
  settings: 'users.field.settings',
  settingsTooLarge: 'users.field.settingsTooLarge',
  force: 'users.field.force',
  pageNum: 'users.field.pageNum',
  pageSize: 'users.field.pageSize',
  keyword: 'users.field.keyword',
} as const satisfies Record<string, ServerMessageKey>;

const M = USER_FIELD_MESSAGES;

/**
 * Characters that draw nothing or change how the text around them is shown: controls (NUL,
 * newlines), format characters (zero-width spaces, bidi overrides such as RLO), lone surrogates,
 * private-use and unassigned code points, line and paragraph separators.
 */
const INVISIBLE_OR_CONTROL = /[\p{C}\p{Zl}\p{Zp}]/u;
/**
 * A letter, digit, punctuation mark or symbol that draws something. Default-ignorable code points
 * (Hangul fillers and the like) and the blank Braille pattern are letters or symbols that render
 * as nothing, so a name made only of them would look empty.
 */
const VISIBLE = /(?![\p{Default_Ignorable_Code_Point}\u2800])[\p{L}\p{N}\p{P}\p{S}]/u;
/** The zero-width joiner inside an emoji sequence (👨‍👩‍👧, 🏳️‍🌈) draws one picture, not hidden text. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

const userName = z.string(M.userName).trim().regex(USER_NAME_PATTERN, M.userName);
const email = z.string(M.email).trim().toLowerCase().pipe(z.email(M.email)).pipe(z.string().max(254, M.email));
const password = z.string(M.password).min(PASSWORD_MIN, M.password).max(PASSWORD_MAX, M.password);
const captchaCode = z
  .string(M.captcha)
  .trim()
  .regex(/^\d{6}$/, M.captcha);
const captchaToken = z.string(M.captchaToken).min(16, M.captchaToken).max(512, M.captchaToken);
/** Shown to other people (simplified profile), so it must not hide or reorder text around it. */
const nickName = z
  .string(M.nickName)
  .trim()
  .min(1, { error: M.nickName, abort: true })
  .max(NICK_NAME_MAX, { error: M.nickName, abort: true })
  .refine((value) => !INVISIBLE_OR_CONTROL.test(value.replace(EMOJI_JOINER, '')), { error: M.nickNameInvisible, abort: true })
  .refine((value) => VISIBLE.test(value), M.nickName);
const request = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape, M.request);

/** What a captcha proves: the mail it went to can register, reset a password or change the email. */
export const CAPTCHA_PURPOSES = ['register', 'resetPassword', 'changeEmail'] as const;
export type CaptchaPurpose = (typeof CAPTCHA_PURPOSES)[number];
const purpose = z.enum(CAPTCHA_PURPOSES, M.purpose);

export const loginRequest = request({
  /** userName or email */
  account: z.string(M.account).trim().min(3, M.account).max(254, M.account),
  password: z.string(M.loginPassword).min(1, M.loginPassword).max(PASSWORD_MAX, M.loginPassword),
});
export const registerRequest = request({ userName, email, password, captcha: captchaCode, nickName: nickName.optional() });
export const captchaSendRequest = request({ email, purpose });
export const captchaValidateRequest = request({ email, purpose, captcha: captchaCode });
/** checkAndCreateToken: a valid captcha becomes a short-lived token for password/email change. */
export const captchaTokenRequest = captchaValidateRequest;
export const passwordChangeRequest = request({ captchaToken, password });
export const passwordChangeMineRequest = request({
  oldPassword: z.string(M.oldPassword).min(1, M.oldPassword).max(PASSWORD_MAX, M.oldPassword),
  password,
});
export const emailChangeRequest = request({ captchaToken });
export const infoDetailsUpdateRequest = request({ nickName });
/** Bytes, not characters: the 8 KB cap is on what is stored. */
export const settingsUpdateRequest = request({
  settings: z.string(M.settings).refine((settings) => utf8Bytes(settings) <= SETTINGS_MAX_BYTES, M.settingsTooLarge),
});
/** Logout ends the session of this refresh token, or without one the session of the access token. */
export const logoutRequest = request({
  refreshToken: z.string(M.refreshToken).min(16, M.refreshToken).max(512, M.refreshToken).optional(),
});
/** GET info: `force=true` asks for fresh data (the server never caches user info). */
export const infoQuery = request({ force: z.enum(['true', 'false'], M.force).optional() });

/** Spec §9 paging; query values arrive as strings. */
export const pageQuery = request({
  pageNum: z.coerce.number(M.pageNum).int(M.pageNum).min(1, M.pageNum).default(1),
  pageSize: z.coerce.number(M.pageSize).int(M.pageSize).min(1, M.pageSize).max(PAGE_SIZE_MAX, M.pageSize).default(10),
});
/** Admin user list: `keyword` matches userName, email or nickName. */
export const userListQuery = pageQuery.extend({ keyword: z.string(M.keyword).trim().max(254, M.keyword).optional() });

export type LoginRequest = z.infer<typeof loginRequest>;
export type RegisterRequest = z.infer<typeof registerRequest>;
export type CaptchaSendRequest = z.infer<typeof captchaSendRequest>;

/** Login, register and refresh answer with a token pair. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

/** Server user info (spec §3). `ext.settings` is the user settings as JSON text. */
export interface UserInfo {
  userId: number;
  userName: string;
  nickName: string;
  roles: string[];
  permissions: string[];
  ext: { avatar: string; adCoin: number; resScore: number; settings: string };
}

export interface UserDetails extends UserInfo {
  email: string;
  enabled: boolean;
  createTime: string;
}

export interface UserSimplified {
  userId: number;
  nickName: string;
  avatar: string;
}

export interface LoginLog {
  id: string;
  loginTime: string;
  ip: string;
  userAgent: string;
  result: 'success' | 'failure';
}

export interface OAuth2Binding {
  provider: string;
  externalId: string;
  boundAt: string;
}

/** Row of the admin users table. */
export interface UserRow {
  userId: number;
  userName: string;
  nickName: string;
  email: string;
  enabled: boolean;
  roles: string[];
  createTime: string;
  lastLoginTime: string | null;
}
