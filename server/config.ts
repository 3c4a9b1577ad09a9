import { resolve } from 'node:path';
import { z } from 'zod';
import { parseOriginList } from '@shared/pic-hub/csp';
import { PASSWORD_MAX, PASSWORD_MIN, USER_NAME_PATTERN } from '@shared/contracts/users';
import { DEFAULT_ACCOUNT_RATE_LIMITS } from './modules/users/rate-limits';
import type { AccountRateLimits } from './modules/users/rate-limits';
import type { HashingLimits } from './modules/users/password-pool';
import { DEFAULT_PROXY_PURPOSES } from './modules/proxy/proxy-purposes';
import type { ProxyConfig } from './modules/proxy/proxy-purposes';
import { DEFAULT_PIC_HUB_CONFIG } from './modules/pic-hub/pic-hub-config';
import type { ExternalToolHosts } from '@shared/contracts/external-tools';
import { DEFAULT_P2P_LIMITS, isTurn, parseIceServers } from './modules/p2p/p2p-config';
import { chatUpstream, DEFAULT_CHAT_DAILY, DEFAULT_CHAT_LIMITS } from './modules/chat/chat-config';
import type { ChatConfig } from './modules/chat/chat-config';
import type { P2pConfig } from './modules/p2p/p2p-config';
import { DEFAULT_TUNNEL_LIMITS } from './modules/tunnel/tunnel-config';
import type { TunnelLimits } from './modules/tunnel/tunnel-config';
import { DEFAULT_CUSTOMER_ADS_CONFIG } from './modules/customer-ads/customer-ads-config';
import type { CustomerAdsConfig } from './modules/customer-ads/customer-ads-config';
import { DEFAULT_BOARD_CONFIG } from './modules/board/board-config';
import type { BoardConfig } from './modules/board/board-config';
import type { PicHubConfig } from './modules/pic-hub/pic-hub-config';
import type { ThirdPartyServices } from '@shared/contracts/third-party';
import { thirdPartyEnv, thirdPartyServices } from './third-party-config';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Unset and empty are the same thing in a shell or a compose file. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const booleanSetting = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const hostUrl = z.url({ protocol: /^https?$/ }).optional();
// Keys as EXTERNAL_TOOL_IDS; strict, so a misspelt key stops the start instead of hiding its tool.
const externalToolHosts = z.strictObject({
  player: hostUrl,
  recorder: hostUrl,
  colorPicker: hostUrl,
}) satisfies z.ZodType<ExternalToolHosts>;

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)).transform((port) => port ?? 8080),
  HOST: optional(z.string()).transform((host) => host ?? '0.0.0.0'),
  DATA_DIR: optional(z.string()).transform((dir) => resolve(dir ?? './data')),
  // Unset: SQLite in DATA_DIR. The URL is pg's connection string (user, password, host, port, database, ?sslmode=…).
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  WEB_DIR: optional(z.string()).transform((dir) => resolve(dir ?? './dist/web')),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)).transform((level) => level ?? 'info'),
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).transform((env) => env ?? 'development'),
  SITE_URL: optional(z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''))),
  // Hosts (name or name:port, comma-separated) whose Host header may become absolute links when SITE_URL is unset.
  ALLOWED_HOSTS: optional(z.string()).transform((list) =>
    (list ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  ),
  // Hops of reverse proxies to trust for the client IP (rate limits) and protocol (absolute URLs).
  // Extra origins (comma-separated, e.g. a staging site) that may call the API; the desktop app's is built in.
  CORS_ORIGINS: optional(z.string()).transform((list) =>
    (list ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ),
  TRUST_PROXY: optional(z.coerce.number().int().min(0).max(10)).transform((hops) => hops ?? 0),
  // Unset: a random secret is made on first start and kept in DATA_DIR (users/app-secret.ts).
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  ACCESS_TOKEN_TTL: optional(z.coerce.number().int().min(1).max(86_400)).transform((seconds) => seconds ?? 900),
  ADMIN_USERNAME: optional(z.string().regex(USER_NAME_PATTERN, 'must be 3-32 letters, digits, _, - or Chinese characters')).transform(
    (name) => name ?? 'admin',
  ),
  // Not z.email(): the default admin@localhost has no dot in its domain.
  ADMIN_EMAIL: optional(
    z
      .string()
      .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')
      .max(254),
  ).transform((email) => (email ?? 'admin@localhost').toLowerCase()),
  ADMIN_PASSWORD: optional(z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)),
  SMTP_HOST: optional(z.string()),
  SMTP_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  SMTP_USER: optional(z.string()),
  SMTP_PASS: optional(z.string()),
  SMTP_FROM: optional(z.string()).transform((from) => from ?? 'Baibao 百宝箱 <no-reply@localhost>'),
  SMTP_SECURE: optional(booleanSetting).transform((secure) => secure ?? false),
  DEMO_ACCOUNT: optional(booleanSetting).transform((demo) => demo ?? false),
  // The outbound proxy may reach loopback and LAN addresses (a self-hoster's WebDAV or NAS).
  PROXY_ALLOW_PRIVATE: optional(booleanSetting).transform((allow) => allow ?? false),
  // Bytes per UTC day through the m3u8 proxy, per user and per address (0: no limit). Videos are
  // large and come through our bandwidth; the desktop app fetches directly and counts nothing.
  M3U8_DAILY_BYTES: optional(z.coerce.number().int().min(0)).transform((bytes) => bytes ?? 5 * 1024 ** 3),
  M3U8_DAILY_BYTES_PER_IP: optional(z.coerce.number().int().min(0)).transform((bytes) => bytes ?? 20 * 1024 ** 3),
  // Unset: live messages stay inside this process. Set: every instance shares rooms through Redis pub/sub.
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')),
  // All four set: files go to this S3-compatible bucket (path-style) instead of DATA_DIR.
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  S3_BUCKET: optional(z.string()),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_REGION: optional(z.string()).transform((region) => region ?? 'us-east-1'),
  // Origins (white-space-separated) PicHub's page may call and show pictures from besides GitHub's API
  // and the built-in CDNs: a GitHub Enterprise API, a user CDN to probe, the e2e tests' servers.
  PICHUB_CONNECT_SRC: optional(z.string()).transform((text, ctx) => {
    const parsed = parseOriginList(text);
    if ('origins' in parsed) return parsed.origins;
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }),
  // Third-party scripts and error reporting (spec §1): each off unless set, https only.
  ...thirdPartyEnv,
  // JSON: {"player": url, "recorder": url, "colorPicker": url}; a tool left out is hidden in the menus and on the home page.
  EXTERNAL_TOOLS: optional(z.string()).transform((text, ctx): ExternalToolHosts => {
    if (text === undefined) return {};
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be JSON such as {"player":"https://player.example.com/"}` });
      return z.NEVER;
    }
    const hosts = externalToolHosts.safeParse(json);
    if (hosts.success) return hosts.data;
    for (const issue of hosts.error.issues)
      ctx.addIssue({ code: 'custom', message: `${issue.path.join('.') || 'value'}: ${issue.message}` });
    return z.NEVER;
  }),
  // JSON array of {urls, username?, credential?} (WebRTC's iceServers); unset: none, direct connections only.
  ICE_SERVERS: optional(z.string()).transform((text, ctx) => {
    const parsed = parseIceServers(text);
    if ('servers' in parsed) return parsed.servers;
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }),
  // coturn's static-auth-secret: turn: entries of ICE_SERVERS without a credential get time-limited ones from it.
  TURN_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  // relay: pages may only use TURN relay candidates, so two devices never learn each other's address.
  ICE_TRANSPORT_POLICY: optional(z.enum(['all', 'relay'])).transform((policy) => policy ?? 'all'),
  // The chat assistant's OpenAI-compatible upstream (docs/chat.md); off unless all three are set.
  CHAT_API_BASE: optional(z.url({ protocol: /^https?$/ })),
  CHAT_API_KEY: optional(z.string()),
  CHAT_MODELS: optional(z.string().max(2000)),
  CHAT_DAILY_ANONYMOUS: optional(z.coerce.number().int().min(0)).transform((count) => count ?? DEFAULT_CHAT_DAILY.anonymous),
  CHAT_DAILY_USER: optional(z.coerce.number().int().min(0)).transform((count) => count ?? DEFAULT_CHAT_DAILY.user),
  // Seconds: a reasoning model may think for minutes before its first token.
  CHAT_FIRST_BYTE_TIMEOUT: optional(z.coerce.number().int().min(1).max(3600)),
  CHAT_IDLE_TIMEOUT: optional(z.coerce.number().int().min(1).max(3600)),
});

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
}

export interface AccountsConfig {
  /** From JWT_SECRET; when undefined the server makes and keeps its own. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  admin: { userName: string; email: string; password: string | undefined };
  /** Undefined: mails go to DATA_DIR/outbox and the log instead. */
  smtp: SmtpSettings | undefined;
  mailFrom: string;
  demoAccount: boolean;
  /** Not an environment setting: code defaults, which tests override. */
  rateLimits: AccountRateLimits;
  /** Not an environment setting; unset: DEFAULT_HASHING_LIMITS (users/password-pool.ts). */
  hashing?: HashingLimits;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute; the SQLite file (when there is no databaseUrl) and the uploads live below it. */
  dataDir: string;
  /** PostgreSQL connection string; undefined: SQLite in dataDir. */
  databaseUrl: string | undefined;
  /** Redis for the live-message bus across instances; undefined: in-process. */
  redisUrl: string | undefined;
  /** Absolute; the built website (`npm run build:web`). */
  webDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  nodeEnv: 'development' | 'production' | 'test';
  /** Without trailing slash; when absent, only a request to an allowedHosts host gets absolute URLs (else relative, and no sitemap). */
  siteUrl: string | undefined;
  /** Lower case; Host headers trusted for absolute URLs when siteUrl is unset. */
  allowedHosts: string[];
  trustProxyHops: number;
  /** Origins besides the desktop app's allowed to call the API cross-origin. */
  corsOrigins: string[];
  /** PICHUB_CONNECT_SRC: extra CSP connect-src and img-src origins for PicHub (server/http/security-headers.ts). */
  picHubConnectSrc: string[];
  accounts: AccountsConfig;
  proxy: ProxyConfig;
  /** Not environment settings: PicHub's rate limits, which tests tighten. */
  picHub: PicHubConfig;
  /** Undefined: files live on local disk under dataDir (server/storage). */
  s3: S3Settings | undefined;
  /** EXTERNAL_TOOLS: hosts of the external tools, public as the system config `externalTools`. */
  externalTools: ExternalToolHosts;
  /** CHAT_*: the chat assistant's upstream and quotas, plus timeouts tests shorten. */
  chat: ChatConfig;
  /** AD_SCRIPT_URL, STATS_SCRIPT_URL, ERROR_REPORTING_DSN: public as the system config `thirdParty`, admitted by the CSP. */
  thirdParty: ThirdPartyServices;
  /** ICE_SERVERS and TURN_SECRET, plus the pairing limits tests tighten (modules/p2p). */
  p2p: P2pConfig;
  /** Not environment settings: the remote-device tunnel's creation limit and lifetime, which tests tighten. */
  tunnel: TunnelLimits;
  /** Not environment settings: the ads module's limits and clock, which tests tighten and move. */
  customerAds: CustomerAdsConfig;
  board: BoardConfig;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment settings: ${problems.join('; ')}`);
  }
  const settings = parsed.data;
  const s3Missing = S3_SETTINGS.filter((name) => !settings[name]);
  // Half a configuration would silently keep files on local disk, where other instances cannot see them.
  if (s3Missing.length > 0 && s3Missing.length < S3_SETTINGS.length)
    throw new ConfigError(`Invalid environment settings: S3 storage also needs ${s3Missing.join(', ')}`);
  const needTurnSecret = settings.ICE_SERVERS.some((server) => isTurn(server) && server.credential === undefined);
  // Without it the relay would be handed out with no credential and refuse every allocation.
  if (needTurnSecret && !settings.TURN_SECRET)
    throw new ConfigError('Invalid environment settings: ICE_SERVERS has a turn: entry without credential, which needs TURN_SECRET');
  // Relay only without a relay: no two devices could ever connect.
  if (settings.ICE_TRANSPORT_POLICY === 'relay' && !settings.ICE_SERVERS.some(isTurn))
    throw new ConfigError('Invalid environment settings: ICE_TRANSPORT_POLICY=relay needs a turn: entry in ICE_SERVERS');
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir: settings.DATA_DIR,
    databaseUrl: settings.DATABASE_URL,
    redisUrl: settings.REDIS_URL,
    webDir: settings.WEB_DIR,
    logLevel: settings.LOG_LEVEL,
    nodeEnv: settings.NODE_ENV,
    siteUrl: settings.SITE_URL,
    allowedHosts: settings.ALLOWED_HOSTS,
    trustProxyHops: settings.TRUST_PROXY,
    corsOrigins: settings.CORS_ORIGINS,
    picHubConnectSrc: settings.PICHUB_CONNECT_SRC,
    thirdParty: thirdPartyServices(settings),
    accounts: {
      jwtSecret: settings.JWT_SECRET,
      accessTokenTtlSeconds: settings.ACCESS_TOKEN_TTL,
      admin: { userName: settings.ADMIN_USERNAME, email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD },
      smtp: settings.SMTP_HOST
        ? {
            host: settings.SMTP_HOST,
            port: settings.SMTP_PORT ?? (settings.SMTP_SECURE ? 465 : 587),
            secure: settings.SMTP_SECURE,
            auth: settings.SMTP_USER ? { user: settings.SMTP_USER, pass: settings.SMTP_PASS ?? '' } : undefined,
          }
        : undefined,
      mailFrom: settings.SMTP_FROM,
      demoAccount: settings.DEMO_ACCOUNT,
      rateLimits: DEFAULT_ACCOUNT_RATE_LIMITS,
    },
    proxy: {
      allowPrivate: settings.PROXY_ALLOW_PRIVATE,
      purposes: {
        ...DEFAULT_PROXY_PURPOSES,
        m3u8: {
          ...DEFAULT_PROXY_PURPOSES.m3u8,
          dailyBytes: { perUser: settings.M3U8_DAILY_BYTES, perIp: settings.M3U8_DAILY_BYTES_PER_IP },
        },
      },
    },
    picHub: DEFAULT_PIC_HUB_CONFIG,
    s3:
      settings.S3_ENDPOINT && settings.S3_BUCKET && settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: settings.S3_ENDPOINT,
            bucket: settings.S3_BUCKET,
            region: settings.S3_REGION,
            accessKeyId: settings.S3_ACCESS_KEY_ID,
            secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    externalTools: settings.EXTERNAL_TOOLS,
    chat: {
      upstream: chatUpstream(settings.CHAT_API_BASE, settings.CHAT_API_KEY, settings.CHAT_MODELS),
      dailyAnonymous: settings.CHAT_DAILY_ANONYMOUS,
      dailyUser: settings.CHAT_DAILY_USER,
      ...DEFAULT_CHAT_LIMITS,
      ...(settings.CHAT_FIRST_BYTE_TIMEOUT ? { firstByteTimeoutMs: settings.CHAT_FIRST_BYTE_TIMEOUT * 1000 } : {}),
      ...(settings.CHAT_IDLE_TIMEOUT ? { idleTimeoutMs: settings.CHAT_IDLE_TIMEOUT * 1000 } : {}),
    },
    p2p: {
      iceServers: settings.ICE_SERVERS,
      turnSecret: settings.TURN_SECRET,
      iceTransportPolicy: settings.ICE_TRANSPORT_POLICY,
      ...DEFAULT_P2P_LIMITS,
    },
    tunnel: DEFAULT_TUNNEL_LIMITS,
    customerAds: DEFAULT_CUSTOMER_ADS_CONFIG,
    board: DEFAULT_BOARD_CONFIG,
  };
}
