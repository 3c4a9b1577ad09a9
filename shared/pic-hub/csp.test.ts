import { describe, expect, it } from 'vitest';
import { parseOriginList, PIC_HUB_CONNECT_ORIGINS } from './csp';

describe('PIC_HUB_CONNECT_ORIGINS', () => {
  it("holds GitHub's API and every built-in CDN", () => {
    expect(PIC_HUB_CONNECT_ORIGINS).toEqual([
      'https://api.github.com',
      'https://cdn.jsdmirror.com',
      'https://cdn.jsdelivr.net',
      'https://cdn.statically.io',
      'https://raw.githubusercontent.com',
    ]);
  });
});

describe('parseOriginList', () => {
  it('reads origins separated by white space, wildcards and ports included', () => {
    expect(parseOriginList(undefined)).toEqual({ origins: [] });
    expect(parseOriginList('  ')).toEqual({ origins: [] });
    expect(parseOriginList('https://GHE.example.com/ http://127.0.0.1:4600\n https://*.cdn.example.org https://ghe.example.com')).toEqual({
      origins: ['https://ghe.example.com', 'http://127.0.0.1:4600', 'https://*.cdn.example.org'],
    });
    expect(parseOriginList('http://[::1]:8080')).toEqual({ origins: ['http://[::1]:8080'] });
  });

  it('refuses what is no http(s) origin', () => {
    for (const bad of [
      'ghe.example.com',
      'https://x.example/path',
      'https://x.example?q',
      'ftp://x.example',
      "'unsafe-inline'",
      '*',
      'https://u:p@x.example',
    ]) {
      expect(parseOriginList(`https://ok.example ${bad}`)).toEqual({ error: `not an http(s) origin: ${bad}` });
    }
  });
});
