import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the opaque refresh and captcha tokens. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/** Only this digest is stored, so a leaked database holds no usable token. */
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
