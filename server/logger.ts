import { pino } from 'pino';
import type { Logger } from 'pino';
import type { Config } from './config';

export type { Logger };

export function createLogger(level: Config['logLevel']): Logger {
  return pino({ level, base: { service: 'baibao-api' } });
}
