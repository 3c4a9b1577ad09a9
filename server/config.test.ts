import { DEFAULT_BOARD_CONFIG } from './modules/board/board-config';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { DEFAULT_P2P_LIMITS } from './modules/p2p/p2p-config';
import { DEFAULT_TUNNEL_LIMITS } from './modules/tunnel/tunnel-config';
import { DEFAULT_CUSTOMER_ADS_CONFIG } from './modules/customer-ads/customer-ads-config';
import { DEFAULT_PIC_HUB_CONFIG } from './modules/pic-hub/pic-hub-config';
import { DEFAULT_CHAT_DAILY, DEFAULT_CHAT_LIMITS } from './modules/chat/chat-config';
import { DEFAULT_PROXY_PURPOSES } from './modules/proxy/proxy-purposes';
import { DEFAULT_ACCOUNT_RATE_LIMITS } from './modules/users/rate-limits';

describe('loadConfig', () => {
  it('applies the documented defaults, treating empty values as unset', () => {
    expect(loadConfig({ PORT: '', SITE_URL: '' })).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      webDir: resolve('./dist/web'),
      logLevel: 'info',
      nodeEnv: 'development',
      siteUrl: undefined,
      allowedHosts: [],
      trustProxyHops: 0,
      corsOrigins: [],
      picHubConnectSrc: [],
      accounts: {
        jwtSecret: undefined,
        accessTokenTtlSeconds: 900,
        admin: { userName: 'admin', email: 'admin@localhost', password: undefined },
        smtp: undefined,
        mailFrom: 'Baibao 百宝箱 <no-reply@localhost>',
        demoAccount: false,
        rateLimits: DEFAULT_ACCOUNT_RATE_LIMITS,
      },
      proxy: {
        allowPrivate: false,
        purposes: {
          ...DEFAULT_PROXY_PURPOSES,
          m3u8: { ...DEFAULT_PROXY_PURPOSES.m3u8, dailyBytes: { perUser: 5 * 1024 ** 3, perIp: 20 * 1024 ** 3 } },
        },
      },
      picHub: DEFAULT_PIC_HUB_CONFIG,
      s3: undefined,
      externalTools: {},
      chat: {
        upstream: undefined,
        dailyAnonymous: DEFAULT_CHAT_DAILY.anonymous,
        dailyUser: DEFAULT_CHAT_DAILY.user,
        ...DEFAULT_CHAT_LIMITS,
      },
      thirdParty: {},
      board: DEFAULT_BOARD_CONFIG,
      p2p: { iceServers: [], turnSecret: undefined, iceTransportPolicy: 'all', ...DEFAULT_P2P_LIMITS },
      tunnel: DEFAULT_TUNNEL_LIMITS,
      customerAds: DEFAULT_CUSTOMER_ADS_CONFIG,
    });
  });

  it('reads the m3u8 daily quota per user and per address, 0 for none, and refuses a negative one', () => {
    expect(loadConfig({ M3U8_DAILY_BYTES: '1000', M3U8_DAILY_BYTES_PER_IP: '0' }).proxy.purposes.m3u8.dailyBytes).toEqual({
      perUser: 1000,
      perIp: 0,
    });
    expect(() => loadConfig({ M3U8_DAILY_BYTES: '-1' })).toThrow(/M3U8_DAILY_BYTES/);
  });

  it('turns the chat assistant on only with CHAT_API_BASE, CHAT_API_KEY and CHAT_MODELS all set', () => {
    const on = { CHAT_API_BASE: 'https://llm.example.com/v1/', CHAT_API_KEY: 'sk-x', CHAT_MODELS: ' m1, m2,,m1 ' };
    expect(loadConfig(on).chat.upstream).toEqual({ base: 'https://llm.example.com/v1', key: 'sk-x', models: ['m1', 'm2'] });
    expect(loadConfig({ ...on, CHAT_API_KEY: '' }).chat.upstream).toBeUndefined();
    expect(loadConfig({ ...on, CHAT_MODELS: ' , ' }).chat.upstream).toBeUndefined();
    expect(loadConfig({ CHAT_DAILY_ANONYMOUS: '0', CHAT_DAILY_USER: '50' }).chat).toMatchObject({ dailyAnonymous: 0, dailyUser: 50 });
    expect(() => loadConfig({ CHAT_API_BASE: 'ftp://llm.example.com' })).toThrow(/CHAT_API_BASE/);
    expect(loadConfig({ CHAT_FIRST_BYTE_TIMEOUT: '300', CHAT_IDLE_TIMEOUT: '5' }).chat).toMatchObject({
      firstByteTimeoutMs: 300_000,
      idleTimeoutMs: 5_000,
    });
  });

  it('reads EXTERNAL_TOOLS as JSON of http(s) hosts per tool', () => {
    expect(
      loadConfig({ EXTERNAL_TOOLS: '{"player":"https://player.example.com/","colorPicker":"http://127.0.0.1:4600/picker"}' }).externalTools,
    ).toEqual({ player: 'https://player.example.com/', colorPicker: 'http://127.0.0.1:4600/picker' });
  });

  it.each([
    ['{player: "https://x.example"}', /EXTERNAL_TOOLS: must be JSON/],
    ['{"player":"javascript:alert(1)"}', /EXTERNAL_TOOLS: player: /],
    ['{"player":"not a url"}', /EXTERNAL_TOOLS: player: /],
    ['{"palyer":"https://x.example"}', /EXTERNAL_TOOLS: .*palyer/],
    ['["https://x.example"]', /EXTERNAL_TOOLS: value: /],
  ])('refuses EXTERNAL_TOOLS=%s with a clear start error', (value, message) => {
    expect(() => loadConfig({ EXTERNAL_TOOLS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ EXTERNAL_TOOLS: value })).toThrow(message);
  });

  it('reads PICHUB_CONNECT_SRC as a list of origins', () => {
    expect(loadConfig({ PICHUB_CONNECT_SRC: ' https://ghe.example.com/  http://127.0.0.1:4600 ' }).picHubConnectSrc).toEqual([
      'https://ghe.example.com',
      'http://127.0.0.1:4600',
    ]);
  });

  it('keeps the outbound proxy off loopback and LAN addresses unless PROXY_ALLOW_PRIVATE is true', () => {
    expect(loadConfig({ PROXY_ALLOW_PRIVATE: '' }).proxy.allowPrivate).toBe(false);
    expect(loadConfig({ PROXY_ALLOW_PRIVATE: 'true' }).proxy.allowPrivate).toBe(true);
    expect(loadConfig({ PROXY_ALLOW_PRIVATE: '0' }).proxy.allowPrivate).toBe(false);
  });

  // The e2e of a silent WebDAV server runs with a shorter wait (TEST_WEBDAV_TIMEOUT_MS); this is the product's.
  it('waits 60 s for a WebDAV server before the proxy answers with a timeout', () => {
    expect(loadConfig({}).proxy.purposes.webdav.timeoutMs).toBe(60_000);
  });

  it('reads the accounts settings: SMTP with its implied port, admin, demo, token lifetime', () => {
    const { accounts } = loadConfig({
      SMTP_HOST: 'smtp.example',
      SMTP_SECURE: 'true',
      SMTP_USER: 'mailer',
      SMTP_PASS: 'p',
      ADMIN_USERNAME: 'root',
      ADMIN_EMAIL: 'Root@Example.COM',
      DEMO_ACCOUNT: '1',
      ACCESS_TOKEN_TTL: '60',
      JWT_SECRET: 's'.repeat(32),
    });
    expect(accounts).toMatchObject({
      smtp: { host: 'smtp.example', port: 465, secure: true, auth: { user: 'mailer', pass: 'p' } },
      admin: { userName: 'root', email: 'root@example.com' },
      demoAccount: true,
      accessTokenTtlSeconds: 60,
      jwtSecret: 's'.repeat(32),
    });
    expect(loadConfig({ SMTP_HOST: 'smtp.example' }).accounts.smtp).toEqual({
      host: 'smtp.example',
      port: 587,
      secure: false,
      auth: undefined,
    });
  });

  it('reads explicit values and trims the trailing slash of SITE_URL', () => {
    const config = loadConfig({
      PORT: '4173',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SITE_URL: 'https://baibao.example/',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 4173,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      logLevel: 'warn',
      nodeEnv: 'production',
      siteUrl: 'https://baibao.example',
      trustProxyHops: 1,
    });
  });

  it('keeps files on local disk unless all four S3 settings are given; the region defaults to us-east-1', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const s3 = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'files',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      region: 'us-east-1',
    });
    expect(loadConfig({ ...s3, S3_REGION: 'cn-north-1' }).s3?.region).toBe('cn-north-1');
  });

  it('takes PostgreSQL from DATABASE_URL, in either spelling of the scheme', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://baibao:secret@db:5432/baibao' }).databaseUrl).toBe(
      'postgres://baibao:secret@db:5432/baibao',
    );
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/baibao?sslmode=require' }).databaseUrl).toBe(
      'postgresql://db/baibao?sslmode=require',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT: /],
    [{ PORT: '70000' }, /PORT: /],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL: /],
    [{ SITE_URL: 'ftp://baibao.example' }, /SITE_URL: /],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET: must be at least 32 characters/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD: /],
    [{ ADMIN_USERNAME: 'a b' }, /ADMIN_USERNAME: /],
    [{ DEMO_ACCOUNT: 'yes' }, /DEMO_ACCOUNT: /],
    [{ PROXY_ALLOW_PRIVATE: 'yes' }, /PROXY_ALLOW_PRIVATE: /],
    [{ PICHUB_CONNECT_SRC: 'https://ok.example api.github.com' }, /PICHUB_CONNECT_SRC: not an http\(s\) origin: api.github.com/],
    [{ PICHUB_CONNECT_SRC: "'unsafe-eval'" }, /PICHUB_CONNECT_SRC: /],
    [{ DATABASE_URL: 'mysql://db/baibao' }, /DATABASE_URL: must be a postgres:\/\/ URL/],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'files' }, /S3 storage also needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/],
    [{ S3_ENDPOINT: 'minio:9000', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, /S3_ENDPOINT: /],
  ])('rejects %o with a message naming the setting', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
