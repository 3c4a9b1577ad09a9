import { describe, expect, it } from 'vitest';
import { tunnelProfile } from './profile';

describe('tunnelProfile', () => {
  it('reads device, OS and browser from a phone and a desktop User-Agent', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    expect(tunnelProfile(iphone, '203.0.113.7')).toEqual({
      device: 'mobile · Apple iPhone',
      os: 'iOS 17.4',
      browser: 'Safari 17.4',
      ip: '203.0.113.7',
    });
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(tunnelProfile(windows, '::ffff:198.51.100.2')).toEqual({
      device: 'desktop',
      os: 'Windows 10',
      browser: 'Chrome 131.0.0.0',
      ip: '198.51.100.2',
    });
  });

  it('leaves empty what an empty or unknown User-Agent does not say', () => {
    expect(tunnelProfile('', '2001:db8::1')).toEqual({ device: '', os: '', browser: '', ip: '2001:db8::1' });
    expect(tunnelProfile('curl/8.5.0', '127.0.0.1')).toMatchObject({ os: '', ip: '127.0.0.1' });
  });
});
