import { describe, expect, it } from 'vitest';
import { PIC_HUB_CONNECT_ORIGINS } from '@shared/pic-hub/csp';
import { contentSecurityPolicy } from './csp';
import { isSafeExternalUrl } from './external-links';
import { isPermissionGranted } from './permissions';

describe('contentSecurityPolicy', () => {
  const directives = new Map(
    contentSecurityPolicy('https://api.example')
      .split('; ')
      .map((directive) => {
        const [name, ...values] = directive.split(' ');
        return [name, values] as const;
      }),
  );

  it('allows scripts only from the app, with WebAssembly but without eval', () => {
    expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it("lets the page reach only itself, the API, and GitHub's API and the built-in CDNs for PicHub", () => {
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://api.example', 'wss://api.example', ...PIC_HUB_CONNECT_ORIGINS]);
    expect(directives.get('connect-src')).toContain('https://api.github.com');
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
  });

  it("shows images from the API (avatars) and PicHub's https CDNs besides its own", () => {
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://api.example', 'https:']);
  });

  it("adds PicHub's extra origins (a GitHub Enterprise API) to both", () => {
    const policy = contentSecurityPolicy('https://api.example', ['https://ghe.example.com']);
    expect(policy).toMatch(/connect-src [^;]* https:\/\/ghe\.example\.com;/);
    expect(policy).toMatch(/img-src [^;]* https: https:\/\/ghe\.example\.com;/);
  });

  it("lets the e-book reader show chapters in blob: frames with the book's styles and fonts", () => {
    expect(directives.get('frame-src')).toEqual(["'self'", 'blob:']);
    expect(directives.get('font-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'blob:']);
  });
});

describe('isSafeExternalUrl', () => {
  it.each(['https://github.com/baibao', 'http://example.com/a?b=c'])('hands %s to the OS browser', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each(['file:///etc/passwd', 'smb://host/share', 'javascript:alert(1)', 'ms-settings:', 'https://user:pw@example.com/', 'not a url'])(
    'keeps %s away from the OS',
    (url) => {
      expect(isSafeExternalUrl(url)).toBe(false);
    },
  );
});

describe('isPermissionGranted', () => {
  it('grants the clipboard write to our pages only', () => {
    expect(isPermissionGranted('clipboard-sanitized-write', 'app://baibao/text/assistant')).toBe(true);
    expect(isPermissionGranted('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
  });

  it('lets our pages write into a folder or file the user picked (split/merge, extraction)', () => {
    expect(isPermissionGranted('fileSystem', 'app://baibao/file/cutmerge')).toBe(true);
    expect(isPermissionGranted('fileSystem', 'https://evil.example/')).toBe(false);
  });

  it('grants the microphone alone to our pages (the voice recorder), never the camera', () => {
    expect(isPermissionGranted('media', 'app://baibao/voice/recorder', ['audio'])).toBe(true);
    expect(isPermissionGranted('media', 'app://baibao/voice/recorder', ['audio', 'video'])).toBe(false);
    expect(isPermissionGranted('media', 'app://baibao/otp', ['video'])).toBe(false);
    expect(isPermissionGranted('media', 'https://evil.example/', ['audio'])).toBe(false);
  });

  it.each(['media', 'geolocation', 'notifications', 'hid', 'usb', 'serial', 'openExternal', 'unknown'])(
    'denies %s by default',
    (permission) => {
      expect(isPermissionGranted(permission, 'app://baibao/')).toBe(false);
    },
  );
});
