import type { GithubHubConfig, HubRecord } from '@shared/contracts/pic-hub-base';
import type { SecretStore } from '@shared/contracts/secrets';
import { normalizeHubPath } from '@shared/pic-hub/path';
import { PicHubError } from './errors';

/**
 * Which hub a picture goes to, read from what /pic/hub keeps in this browser: its hub records (token
 * free) and the hub tokens in the platform's secret store (`pic-hub` namespace), keyed by hub gid.
 */

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A record's config text, read without trusting it (an older release, another client). */
export function parseHubConfig(record: Pick<HubRecord, 'gid' | 'config'>): GithubHubConfig {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(record.config);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
  } catch {
    // A damaged config shows as an empty hub the user can edit or delete.
  }
  const apiBaseUrl = text(raw.apiBaseUrl);
  return {
    id: record.gid,
    owner: text(raw.owner),
    repo: text(raw.repo),
    branch: text(raw.branch),
    path: normalizeHubPath(text(raw.path)),
    token: text(raw.token),
    updateTime: typeof raw.updateTime === 'number' ? raw.updateTime : 0,
    ...(apiBaseUrl ? { apiBaseUrl } : {}),
  };
}

/**
 * The hubs this browser shows: a visitor sees its own (LOCAL) hubs only; one synced to an account
 * (REMOTE) is that account's, and comes back with the next login.
 */
export function visibleHubRecords(records: readonly HubRecord[], loggedIn: boolean): HubRecord[] {
  return loggedIn ? [...records] : records.filter((hub) => hub.storage === 'LOCAL');
}

/** A hub's full config, token included, for a GitHub call; rejects with noToken when this browser lost it. */
export async function hubConfigWithToken(record: Pick<HubRecord, 'gid' | 'config'>, secrets: Pick<SecretStore, 'get'>) {
  const token = await secrets.get(record.gid);
  if (!token) throw new PicHubError('noToken');
  return { ...parseHubConfig(record), token };
}

export interface HubLookup {
  /** This browser's hub records (picHubStorage.hubs). */
  records(): Promise<HubRecord[]>;
  secrets: Pick<SecretStore, 'get'>;
  loggedIn(): boolean;
}

/**
 * The user's own active hub with its token, as /pic/hub uploads to it; undefined when the user has
 * none here, or its token is gone. The site's system hub does not count: uploading to it needs the
 * server, and a document's pictures are the user's own.
 */
export async function configuredHub(lookup: HubLookup): Promise<GithubHubConfig | undefined> {
  const active = visibleHubRecords(await lookup.records(), lookup.loggedIn()).find((hub) => hub.isDefault && !hub.isSysDefault);
  if (!active) return undefined;
  try {
    return await hubConfigWithToken(active, lookup.secrets);
  } catch {
    return undefined;
  }
}
