import { describe, expect, it } from 'vitest';
import { architectureOf, summarizeUserAgent, withClientHints } from './user-agent';

// Real User-Agent strings as these browsers send them.
const WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 12; V2049A Build/SP1A.210812.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/86.0.4240.99 XWEB/4317 MMWEBSDK/20220903 Mobile Safari/537.36 MMWEBID/6294 MicroMessenger/8.0.28.2240(0x28001C57) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const QQ_BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.71 Safari/537.36 Core/1.94.178.400 QQBrowser/11.2.5170.400';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.165 Mobile Safari/537.36';
const HEADLESS_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

describe('summarizeUserAgent', () => {
  it('names WeChat’s in-app browser on Android, not the Chrome it embeds', () => {
    expect(summarizeUserAgent(WECHAT_ANDROID)).toMatchObject({
      browser: 'WeChat',
      browserVersion: '8.0.28.2240',
      engine: 'Blink',
      os: 'Android',
      osVersion: '12',
      deviceType: 'mobile',
    });
  });

  it('names QQ Browser on Windows', () => {
    expect(summarizeUserAgent(QQ_BROWSER)).toMatchObject({ browser: 'QQ Browser', os: 'Windows', deviceType: 'desktop' });
  });

  it('names Edge, not Chrome', () => {
    expect(summarizeUserAgent(EDGE)).toMatchObject({
      browser: 'Microsoft Edge',
      browserVersion: '131.0.0.0',
      engine: 'Blink',
      os: 'Windows',
    });
  });

  it('reads Safari on an iPhone with its iOS version and Apple as the vendor', () => {
    expect(summarizeUserAgent(SAFARI_IOS)).toMatchObject({
      browser: 'Safari',
      browserVersion: '17.5',
      engine: 'WebKit',
      os: 'iOS',
      osVersion: '17.5',
      deviceType: 'mobile',
      device: 'Apple iPhone',
    });
  });

  it('reads Chrome on an Android phone', () => {
    expect(summarizeUserAgent(CHROME_ANDROID)).toMatchObject({
      browser: 'Chrome',
      browserVersion: '125.0.6422.165',
      engine: 'Blink',
      os: 'Android',
      osVersion: '14',
      deviceType: 'mobile',
    });
  });

  it('reads headless Chromium on Linux (what the e2e browser sends)', () => {
    expect(summarizeUserAgent(HEADLESS_LINUX)).toMatchObject({ engine: 'Blink', os: 'Linux', deviceType: 'desktop' });
  });

  it('leaves every field empty for an empty or unknown string instead of throwing', () => {
    expect(summarizeUserAgent('')).toEqual({
      browser: '',
      browserVersion: '',
      engine: '',
      engineVersion: '',
      os: '',
      osVersion: '',
      deviceType: '',
      device: '',
    });
  });
});

describe('withClientHints', () => {
  it('tells Windows 11 from the frozen "Windows NT 10.0" and takes the full browser version', () => {
    const merged = withClientHints(summarizeUserAgent(EDGE), {
      platform: 'Windows',
      platformVersion: '15.0.0',
      fullVersionList: [
        { brand: 'Chromium', version: '131.0.6778.86' },
        { brand: 'Microsoft Edge', version: '131.0.2903.70' },
      ],
    });
    expect(merged).toMatchObject({ os: 'Windows', osVersion: '11', browserVersion: '131.0.2903.70' });
  });

  it('keeps Windows 10 for platformVersion below 13 and reads the real macOS version', () => {
    expect(withClientHints(summarizeUserAgent(EDGE), { platform: 'Windows', platformVersion: '10.0.0' }).osVersion).toBe('10');
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(withClientHints(summarizeUserAgent(mac), { platform: 'macOS', platformVersion: '14.6.1' }).osVersion).toBe('14.6.1');
  });

  it('changes nothing without hints (Firefox, Safari)', () => {
    const summary = summarizeUserAgent(SAFARI_IOS);
    expect(withClientHints(summary, undefined)).toEqual(summary);
  });
});

describe('architectureOf', () => {
  it('names 64-bit x86 and ARM as people know them, and nothing without hints', () => {
    expect(architectureOf({ architecture: 'x86', bitness: '64' })).toBe('x86-64');
    expect(architectureOf({ architecture: 'arm', bitness: '64' })).toBe('arm64');
    expect(architectureOf({ architecture: 'x86', bitness: '32' })).toBe('x86');
    expect(architectureOf({ architecture: '' })).toBeNull();
    expect(architectureOf(undefined)).toBeNull();
  });
});
