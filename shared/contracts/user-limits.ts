/**
 * The accounts API's limits and fixed values (spec §3), apart from the zod schemas in users.ts: the
 * client's first chunk needs some of them (the message catalogue, the session) and none of zod.
 */

export const USER_NAME_PATTERN = /^[A-Za-z0-9_\u4e00-\u9fa5-]{3,32}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CAPTCHA_LENGTH = 6;
export const NICK_NAME_MAX = 32;
export const ADMIN_USER_ID = 1;
/** Avatar uploads: at most 2 MB, these types (checked by content on the server), stored as 256×256 WebP. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const AVATAR_SIZE = 256;
/** User settings (spec §3) travel as JSON text of an object, at most this many UTF-8 bytes. */
export const SETTINGS_MAX_BYTES = 8192;
export const PAGE_SIZE_MAX = 100;
