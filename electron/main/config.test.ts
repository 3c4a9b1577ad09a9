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
    expect(loadDesktopConfig({}, userData)).toEqual({ apiUrl: DEFAULT_API_URL, apiOrigin: DEFAULT_API_URL });
  });

  it('prefers BAIBAO_API_URL over config.json and trims trailing slashes', () => {
    writeConfig(JSON.stringify({ apiUrl: 'https://file.example' }));
    expect(loadDesktopConfig({ BAIBAO_API_URL: 'https://api.example:8443/v1//' }, userData)).toEqual({
      apiUrl: 'https://api.example:8443/v1',
      apiOrigin: 'https://api.example:8443',
    });
  });

  it('reads apiUrl from config.json', () => {
    writeConfig(JSON.stringify({ apiUrl: 'https://file.example/' }));
    expect(loadDesktopConfig({}, userData)).toEqual({ apiUrl: 'https://file.example', apiOrigin: 'https://file.example' });
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'not a url'])('refuses BAIBAO_API_URL=%s', (value) => {
    expect(() => loadDesktopConfig({ BAIBAO_API_URL: value }, userData)).toThrow(/is not an http\(s\) URL/);
  });

  it('stops on a malformed config.json instead of picking another server', () => {
    writeConfig('{ apiUrl: ');
    expect(() => loadDesktopConfig({}, userData)).toThrow(/config\.json is not valid JSON/);
    writeConfig(JSON.stringify({ apiUrl: 'ftp://x.example' }));
    expect(() => loadDesktopConfig({}, userData)).toThrow(/config\.json/);
  });
});
