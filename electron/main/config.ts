import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** The API the desktop app talks to when nothing else is configured: `npm start` on this machine. */
export const DEFAULT_API_URL = 'http://127.0.0.1:8787';

const apiUrlSchema = z.url({ protocol: /^https?$/ });
const configFileSchema = z.object({ apiUrl: apiUrlSchema.optional() });

export interface DesktopConfig {
  /** Base URL of the Express API, without a trailing slash. */
  apiUrl: string;
  /** Its origin, the one extra entry of the CSP's connect-src. */
  apiOrigin: string;
}

function fromConfigFile(userDataDir: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(join(userDataDir, 'config.json'), 'utf8');
  } catch {
    return undefined;
  }
  const file = join(userDataDir, 'config.json');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON`, { cause: error });
  }
  const parsed = configFileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data.apiUrl;
}

/**
 * The API base URL, first found of: env BAIBAO_API_URL, `apiUrl` in <userData>/config.json,
 * DEFAULT_API_URL. A malformed value stops startup with a message rather than quietly
 * falling back to another server.
 */
export function loadDesktopConfig(env: NodeJS.ProcessEnv, userDataDir: string): DesktopConfig {
  const raw = env.BAIBAO_API_URL || fromConfigFile(userDataDir) || DEFAULT_API_URL;
  const parsed = apiUrlSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`BAIBAO_API_URL is not an http(s) URL: ${raw}`);
  const url = new URL(parsed.data);
  return { apiUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, apiOrigin: url.origin };
}
