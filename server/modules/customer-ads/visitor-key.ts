import { createHmac } from 'node:crypto';

/** UTC 'YYYY-MM-DD' of an epoch-ms time. */
export const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Who viewed an ad, without a cookie and without keeping anything personal: an HMAC of the address
 * and user agent under a key derived from the app secret and the day. The same visitor gets the same
 * key all day and an unrelated one the next, and the stored key cannot be turned back into an
 * address (hits of past days are deleted anyway).
 */
export function visitorKeys(appSecret: Uint8Array) {
  let day = '';
  let dayKey = Buffer.alloc(0);
  return (ip: string, userAgent: string, today: string): string => {
    if (today !== day) {
      dayKey = createHmac('sha256', appSecret).update(`customer-ads visitor ${today}`).digest();
      day = today;
    }
    return createHmac('sha256', dayKey).update(`${ip}\n${userAgent}`).digest('hex').slice(0, 32);
  };
}
