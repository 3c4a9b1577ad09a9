import { z } from 'zod';

/**
 * The accounts API (spec §3 users, §7 "Users"). Request schemas are shared so the server validates
 * exactly what the client sends; both sides import these, never their own copies.
 */

export const USER_NAME_PATTERN = /^[A-Za-z0-9_\u4e00-\u9fa5-]{3,32}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CAPTCHA_LENGTH = 6;
export const ADMIN_USER_ID = 1;
/** Avatar uploads: at most 2 MB, these types (checked by content on the server), stored as 256×256 WebP. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const AVATAR_SIZE = 256;
/** User settings (spec §3) travel as JSON text of an object, at most this many UTF-8 bytes. */
export const SETTINGS_MAX_BYTES = 8192;
export const PAGE_SIZE_MAX = 100;

const userName = z.string().trim().regex(USER_NAME_PATTERN);
const email = z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254));
const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
const captchaCode = z.string().trim().regex(/^\d{6}$/);

/** What a captcha proves: the mail it went to can register, reset a password or change the email. */
export const CAPTCHA_PURPOSES = ['register', 'resetPassword', 'changeEmail'] as const;
export type CaptchaPurpose = (typeof CAPTCHA_PURPOSES)[number];

export const loginRequest = z.object({
  /** userName or email */
  account: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export const registerRequest = z.object({ userName, email, password, captcha: captchaCode, nickName: z.string().trim().min(1).max(32).optional() });
export const captchaSendRequest = z.object({ email, purpose: z.enum(CAPTCHA_PURPOSES) });
export const captchaValidateRequest = z.object({ email, purpose: z.enum(CAPTCHA_PURPOSES), captcha: captchaCode });
/** checkAndCreateToken: a valid captcha becomes a short-lived token for password/email change. */
export const captchaTokenRequest = captchaValidateRequest;
export const passwordChangeRequest = z.object({ captchaToken: z.string().min(16).max(512), password });
export const passwordChangeMineRequest = z.object({ oldPassword: z.string().min(1).max(PASSWORD_MAX), password });
export const emailChangeRequest = z.object({ captchaToken: z.string().min(16).max(512) });
export const infoDetailsUpdateRequest = z.object({ nickName: z.string().trim().min(1).max(32) });
export const settingsUpdateRequest = z.object({ settings: z.string().max(SETTINGS_MAX_BYTES) });
/** Logout ends the session of this refresh token, or without one the session of the access token. */
export const logoutRequest = z.object({ refreshToken: z.string().min(16).max(512).optional() });
/** GET info: `force=true` asks for fresh data (the server never caches user info). */
export const infoQuery = z.object({ force: z.enum(['true', 'false']).optional() });

/** Spec §9 paging; query values arrive as strings. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
});
/** Admin user list: `keyword` matches userName, email or nickName. */
export const userListQuery = pageQuery.extend({ keyword: z.string().trim().max(254).optional() });

export type LoginRequest = z.infer<typeof loginRequest>;
export type RegisterRequest = z.infer<typeof registerRequest>;

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
