import { resolve } from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Unset and empty are the same thing in a shell or a compose file. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)).transform((port) => port ?? 8080),
  HOST: optional(z.string()).transform((host) => host ?? '0.0.0.0'),
  DATA_DIR: optional(z.string()).transform((dir) => resolve(dir ?? './data')),
  WEB_DIR: optional(z.string()).transform((dir) => resolve(dir ?? './dist/web')),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)).transform((level) => level ?? 'info'),
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).transform((env) => env ?? 'development'),
  SITE_URL: optional(z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''))),
  // Hops of reverse proxies to trust for the client IP (rate limits) and protocol (absolute URLs).
  TRUST_PROXY: optional(z.coerce.number().int().min(0).max(10)).transform((hops) => hops ?? 0),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute; the SQLite file lives below it. */
  dataDir: string;
  /** Absolute; the built website (`npm run build:web`). */
  webDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  nodeEnv: 'development' | 'production' | 'test';
  /** Without trailing slash; when absent, absolute URLs are derived from each request. */
  siteUrl: string | undefined;
  trustProxyHops: number;
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
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir: settings.DATA_DIR,
    webDir: settings.WEB_DIR,
    logLevel: settings.LOG_LEVEL,
    nodeEnv: settings.NODE_ENV,
    siteUrl: settings.SITE_URL,
    trustProxyHops: settings.TRUST_PROXY,
  };
}
