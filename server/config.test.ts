import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults, treating empty values as unset', () => {
    expect(loadConfig({ PORT: '', SITE_URL: '' })).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      webDir: resolve('./dist/web'),
      logLevel: 'info',
      nodeEnv: 'development',
      siteUrl: undefined,
      trustProxyHops: 0,
    });
  });

  it('reads explicit values and trims the trailing slash of SITE_URL', () => {
    const config = loadConfig({ PORT: '4173', HOST: '127.0.0.1', DATA_DIR: '/tmp/x', LOG_LEVEL: 'warn', NODE_ENV: 'production', SITE_URL: 'https://baibao.example/', TRUST_PROXY: '1' });
    expect(config).toMatchObject({ port: 4173, host: '127.0.0.1', dataDir: '/tmp/x', logLevel: 'warn', nodeEnv: 'production', siteUrl: 'https://baibao.example', trustProxyHops: 1 });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT: /],
    [{ PORT: '70000' }, /PORT: /],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL: /],
    [{ SITE_URL: 'ftp://baibao.example' }, /SITE_URL: /],
  ])('rejects %o with a message naming the setting', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
