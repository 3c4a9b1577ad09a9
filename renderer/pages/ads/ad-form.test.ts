import { describe, expect, it } from 'vitest';
import { AD_IMAGE_MAX_BYTES, AD_SETTINGS_MAX_BYTES } from '@shared/contracts/ads-base';
import type { CustomerAd } from '@shared/contracts/ads-base';
import { adInputSchema } from '@shared/contracts/ads';
import {
  adFormFieldOf,
  adFormOf,
  adInputOf,
  contentProblem,
  emptyAdForm,
  expiryBounds,
  expiryProblem,
  expiryTime,
  imageFileProblem,
  linkProblem,
  ribbonProblem,
  settingsProblem,
} from './ad-form';

const now = new Date(2026, 10, 27, 15, 30);

describe('ad form', () => {
  it('turns the filled form into what the server takes (its own schema accepts it)', () => {
    const values = {
      ...emptyAdForm(now),
      text: '  Free tools ',
      link: 'https://example.com/a',
      ribbonText: '新',
      ribbonPlacement: 'topLeft' as const,
    };
    const input = adInputOf(values, '/api/system/customer-ads/image/abc.png');
    expect(input.settings).toEqual({
      image: '/api/system/customer-ads/image/abc.png',
      link: 'https://example.com/a',
      text: 'Free tools',
      color: '#ffffff',
      background: '#1677ff',
      ribbon: { text: '新', placement: 'topLeft' },
    });
    // The default expiry, 30 days ahead, ends at the last millisecond of that local day.
    expect(new Date(input.expirationTime)).toEqual(new Date(2026, 11, 27, 23, 59, 59, 999));
    expect(adInputSchema.safeParse({ ...input, expirationTime: Date.now() + 3600_000 }).success).toBe(true);
  });

  it('leaves empty fields out and fills the form back from a saved ad', () => {
    const input = adInputOf({ ...emptyAdForm(now), text: 'hi', ribbonText: '  ' });
    expect(input.settings).toEqual({ text: 'hi', color: '#ffffff', background: '#1677ff' });
    const ad = {
      id: 3,
      type: 'BOTTOM_MINI_BANNER',
      settings: { ...input.settings, qr: 'x' },
      expirationTime: input.expirationTime,
    } as CustomerAd;
    const { values, image } = adFormOf(ad);
    expect(values).toMatchObject({ type: 'BOTTOM_MINI_BANNER', text: 'hi', qr: 'x', link: '', expiry: '2026-12-27' });
    expect(image).toEqual({});
  });

  it('refuses a link that is not http(s), as the server does', () => {
    expect(linkProblem('javascript:alert(1)')).toBe('ads.field.link');
    expect(linkProblem('data:text/html,hi')).toBe('ads.field.link');
    expect(linkProblem('example.com')).toBe('ads.field.link');
    expect(linkProblem(`https://example.com/${'a'.repeat(2048)}`)).toBe('ads.field.link');
    expect(linkProblem(' https://example.com ')).toBeUndefined();
    expect(linkProblem('')).toBeUndefined();
  });

  it('refuses an expiry in the past or more than a year ahead, and takes today', () => {
    expect(expiryProblem('2026-11-26', now)).toBe('ads.field.expirationPast');
    expect(expiryProblem('2026-11-27', now)).toBeUndefined();
    expect(expiryProblem(expiryBounds(now).max, now)).toBeUndefined();
    expect(expiryProblem('2027-11-29', now)).toBe('ads.field.expirationTooFar');
    expect(expiryProblem('', now)).toBe('ads.field.expiration');
    expect(expiryProblem('2026-02-30', now)).toBe('ads.field.expiration');
    expect(expiryTime('2026-02-30')).toBeUndefined();
  });

  it('checks the picture by type and size, and asks for a picture or a text', () => {
    expect(imageFileProblem({ size: 10, type: 'image/png' })).toBeUndefined();
    expect(imageFileProblem({ size: AD_IMAGE_MAX_BYTES + 1, type: 'image/png' })).toBe('ads.imageTooLarge');
    expect(imageFileProblem({ size: 10, type: 'image/bmp' })).toBe('ads.imageWrongType');
    expect(imageFileProblem({ size: 10, type: '' })).toBe('ads.imageWrongType');
    expect(contentProblem(' ', {})).toBe('ads.field.content');
    expect(contentProblem('', { url: '/x.png' })).toBeUndefined();
    expect(contentProblem('hi', undefined)).toBeUndefined();
    expect(ribbonProblem('x'.repeat(17))).toBe('ads.field.ribbon');
  });

  it('holds the settings to the server cap, counted in UTF-8 bytes', () => {
    const text = '字'.repeat(Math.ceil(AD_SETTINGS_MAX_BYTES / 3));
    expect(settingsProblem({ text })).toBe('ads.field.settings');
    expect(settingsProblem({ text: 'short' })).toBeUndefined();
  });

  it("places the server's refusals under the form's fields", () => {
    expect(adFormFieldOf('settings.link')).toBe('link');
    expect(adFormFieldOf('settings.ribbon.text')).toBe('ribbonText');
    expect(adFormFieldOf('settings.image')).toBe('image');
    expect(adFormFieldOf('image')).toBe('image');
    expect(adFormFieldOf('expirationTime')).toBe('expiry');
    expect(adFormFieldOf('type')).toBe('type');
    expect(adFormFieldOf('settings')).toBeUndefined();
    expect(adFormFieldOf('id')).toBeUndefined();
  });
});
