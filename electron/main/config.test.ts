import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_API_URL, loadDesktopConfig } from './config';

let userData: string;
beforeEach(() => {
  userData = mkdtempSync(join(tmpdir(), 'baibao-config-'));
});
afterEach(() => rmSync(userData, { recursive: true, force: true }));

const writeConfig = (text: string) => writeFileSync(join(userData, 'config.json'), text);

describe('loadDesktopConfig', () => {
  it('defaults to the local API', () => {
    expect(loadDesktopConfig({}, userData)).toEqual({ apiUrl: DEFAULT_API_URL, apiOrigin: DEFAULT_API_URL, picHubConnectSrc: [] });
  });

  it('prefers BAIBAO_API_URL over config.json and trims trailing slashes', () => {
    writeConfig(JSON.stringify({ apiUrl: 'https://file.example' }));
    expect(loadDesktopConfig({ BAIBAO_API_URL: 'https://api.example:8443/v1//' }, userData)).toEqual({
      apiUrl: 'https://api.example:8443/v1',
      apiOrigin: 'https://api.example:8443',
      picHubConnectSrc: [],
    });
  });

  it('reads apiUrl from config.json', () => {
    writeConfig(JSON.stringify({ apiUrl: 'https://file.example/' }));
    expect(loadDesktopConfig({}, userData)).toEqual({
      apiUrl: 'https://file.example',
      apiOrigin: 'https://file.example',
      picHubConnectSrc: [],
    });
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'not a url'])('refuses BAIBAO_API_URL=%s', (value) => {
    expect(() => loadDesktopConfig({ BAIBAO_API_URL: value }, userData)).toThrow(/is not an http\(s\) URL/);
  });

  it("reads PicHub's extra CSP origins from PICHUB_CONNECT_SRC, else config.json, and refuses a bad one", () => {
    writeConfig(JSON.stringify({ picHubConnectSrc: 'https://file-ghe.example' }));
    expect(loadDesktopConfig({}, userData).picHubConnectSrc).toEqual(['https://file-ghe.example']);
    expect(loadDesktopConfig({ PICHUB_CONNECT_SRC: 'https://ghe.example/ http://127.0.0.1:4600' }, userData).picHubConnectSrc).toEqual([
      'https://ghe.example',
      'http://127.0.0.1:4600',
    ]);
    expect(() => loadDesktopConfig({ PICHUB_CONNECT_SRC: 'ghe.example' }, userData)).toThrow(/PICHUB_CONNECT_SRC: not an http\(s\) origin/);
  });

  it('stops on a malformed config.json instead of picking another server', () => {
    writeConfig('{ apiUrl: ');
    expect(() => loadDesktopConfig({}, userData)).toThrow(/config\.json is not valid JSON/);
    writeConfig(JSON.stringify({ apiUrl: 'ftp://x.example' }));
    expect(() => loadDesktopConfig({}, userData)).toThrow(/config\.json/);
  });
});
