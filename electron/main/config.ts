import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseOriginList } from '@shared/pic-hub/csp';

/** The API the desktop app talks to when nothing else is configured: `npm start` on this machine. */
export const DEFAULT_API_URL = 'http://127.0.0.1:8787';

const apiUrlSchema = z.url({ protocol: /^https?$/ });
const configFileSchema = z.object({ apiUrl: apiUrlSchema.optional(), picHubConnectSrc: z.string().optional() });

export interface DesktopConfig {
  /** Base URL of the Express API, without a trailing slash. */
  apiUrl: string;
  /** Its origin, an extra entry of the CSP's connect-src. */
  apiOrigin: string;
  /** More CSP origins for PicHub (a GitHub Enterprise API, a user CDN): PICHUB_CONNECT_SRC, as on the website. */
  picHubConnectSrc: string[];
}

function fromConfigFile(userDataDir: string): z.infer<typeof configFileSchema> {
  let text: string;
  try {
    text = readFileSync(join(userDataDir, 'config.json'), 'utf8');
  } catch {
    return {};
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
  return parsed.data;
}

/**
 * The API base URL, first found of: env BAIBAO_API_URL, `apiUrl` in <userData>/config.json,
 * DEFAULT_API_URL; PicHub's extra CSP origins likewise from env PICHUB_CONNECT_SRC or
 * `picHubConnectSrc` in config.json. A malformed value stops startup with a message rather than
 * quietly falling back to another server or a page that cannot reach its hub.
 */
export function loadDesktopConfig(env: NodeJS.ProcessEnv, userDataDir: string): DesktopConfig {
  const file = fromConfigFile(userDataDir);
  const raw = env.BAIBAO_API_URL || file.apiUrl || DEFAULT_API_URL;
  const parsed = apiUrlSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`BAIBAO_API_URL is not an http(s) URL: ${raw}`);
  const url = new URL(parsed.data);
  const origins = parseOriginList(env.PICHUB_CONNECT_SRC || file.picHubConnectSrc);
  if ('error' in origins) throw new Error(`PICHUB_CONNECT_SRC: ${origins.error}`);
  return { apiUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, apiOrigin: url.origin, picHubConnectSrc: origins.origins };
}
