import { describe, expect, it } from 'vitest';
import { adInputSchema, adSettingsSchema, mayChangeAdStatus } from './ads';

const inAWeek = () => Date.now() + 7 * 24 * 3600 * 1000;

describe('ad contract', () => {
  it('refuses a javascript: link, an expiry in the past and oversized settings', () => {
    expect(adSettingsSchema.safeParse({ text: 'hi', link: 'javascript:alert(1)' }).success).toBe(false);
    expect(adSettingsSchema.safeParse({ text: 'hi', link: 'https://example.com/' }).success).toBe(true);
    expect(
      adSettingsSchema.safeParse({ text: 'x'.repeat(150), qr: 'y'.repeat(2000), link: `https://e.com/${'z'.repeat(2000)}` }).success,
    ).toBe(false);
    expect(adSettingsSchema.safeParse({ text: 'hi', extra: 1 }).success).toBe(false);
    expect(adInputSchema.safeParse({ type: 'TOP_BANNER', settings: { text: 'a' }, expirationTime: Date.now() - 1000 }).success).toBe(false);
    expect(adInputSchema.safeParse({ type: 'TOP_BANNER', settings: { text: 'a' }, expirationTime: inAWeek() }).success).toBe(true);
  });

  it('lets the owner pause and resume, but not undo the admin’s pause', () => {
    expect(mayChangeAdStatus('OWNER', { status: 'APPROVED' }, 'PAUSED')).toBe(true);
    expect(mayChangeAdStatus('OWNER', { status: 'PAUSED', pausedBy: 'OWNER' }, 'APPROVED')).toBe(true);
    expect(mayChangeAdStatus('OWNER', { status: 'PAUSED', pausedBy: 'ADMIN' }, 'APPROVED')).toBe(false);
    expect(mayChangeAdStatus('OWNER', { status: 'PENDING' }, 'APPROVED')).toBe(false);
    expect(mayChangeAdStatus('ADMIN', { status: 'PENDING' }, 'APPROVED')).toBe(true);
    expect(mayChangeAdStatus('ADMIN', { status: 'APPROVED' }, 'REJECTED')).toBe(false);
  });
});
