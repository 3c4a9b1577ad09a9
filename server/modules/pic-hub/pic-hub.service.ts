import { createHash, randomBytes } from 'node:crypto';
import { API_CODE } from '@shared/contracts/api';
import type { Page } from '@shared/contracts/api';
import type {
  GithubHubConfig,
  HubFile,
  HubFileInput,
  HubRecord,
  HubSaveRequest,
  HubType,
  PicHubSettingsRecord,
  PicHubSettingsSave,
  StorageScope,
  SysHubSaveParsed,
} from '@shared/contracts/pic-hub';
import type { ServerMessageKey } from '@shared/contracts/server-messages';
import { sniffFormat } from '@shared/image/sniff';
import type { SniffedFormat } from '@shared/image/sniff';
import { createGithubClient, isGithubError } from '@shared/pic-hub/github';
import type { GithubFetch } from '@shared/pic-hub/github';
import { joinHubPath } from '@shared/pic-hub/path';
import { extForFormat, renameFile } from '@shared/pic-hub/rename';
import { HttpError } from '../../http/http-error';
import type { ConfigSealer } from './pic-hub-crypto';
import type { FileRow, FileFilter, HubRow, PicHubRepository } from './pic-hub.repository';

/** A client clock ahead of the server's by more than this is taken as the server's plus this, so it cannot win for ever. */
export const CLOCK_SKEW_MARGIN_MS = 5 * 60_000;

/** What sys/upload accepts: formats every browser shows from an <img>. */
const SYS_UPLOAD_FORMATS: ReadonlySet<SniffedFormat> = new Set(['jpeg', 'png', 'gif', 'webp', 'avif', 'bmp', 'ico']);
const MEDIA_TYPES: Partial<Record<SniffedFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

const fail = (status: number, key: ServerMessageKey) =>
  new HttpError(status, status === 404 ? API_CODE.NOT_FOUND : API_CODE.BAD_REQUEST, { key });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A file record's hub settings are for links (owner, repo, branch); a token in them is dropped. */
function withoutToken(configText: string): string {
  const config = parseObject(configText);
  if (!config || !('token' in config)) return configText;
  const { token: _token, ...rest } = config;
  return JSON.stringify(rest);
}

const pad = (value: number) => String(value).padStart(2, '0');
/** Spec §9 'yyyy-MM-dd HH:mm:ss', in the server's time zone. */
export function formatFileTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

function toFile(row: FileRow): HubFile {
  return {
    gid: row.gid,
    originalName: row.original_name,
    originalSize: row.original_size,
    name: row.name,
    path: row.path,
    size: row.size,
    hubId: row.hub_id,
    type: row.type as HubType,
    mediaType: row.media_type,
    storage: row.storage as StorageScope,
    createTime: row.create_time,
    config: row.config,
    ...(row.sha === null ? {} : { sha: row.sha }),
    ...(row.link === null ? {} : { link: row.link }),
    id: row.id,
  };
}

function toFileRow(file: HubFileInput) {
  return {
    gid: file.gid,
    original_name: file.originalName,
    original_size: file.originalSize,
    name: file.name,
    path: file.path,
    size: file.size,
    hub_id: file.hubId,
    type: file.type,
    media_type: file.mediaType,
    storage: file.storage,
    create_time: file.createTime,
    config: withoutToken(file.config),
    sha: file.sha ?? null,
    link: file.link ?? null,
  };
}

/** The system hub as stored (sealed in the row): a GitHub configuration with its token. */
interface SystemHub {
  gid: string;
  config: GithubHubConfig;
  updateTime: number;
  createTime: number;
}

export interface SysUploadInput {
  bytes: Uint8Array;
  originalName: string;
}

export interface PicHubServiceOptions {
  sealer: ConfigSealer;
  /** The guarded outbound fetch the system hub's uploads go through (http/outbound/outbound-fetch.ts). */
  githubFetch: GithubFetch;
  now?: () => number;
}

export function createPicHubService(repository: PicHubRepository, { sealer, githubFetch, now = Date.now }: PicHubServiceOptions) {
  const toHub = (row: HubRow, config: string): HubRecord => ({
    gid: row.gid,
    type: row.type as HubType,
    config,
    storage: row.storage as StorageScope,
    isSysDefault: false,
    isDefault: row.is_default === 1,
    id: row.id,
    updateTime: row.update_time,
    createTime: row.create_time,
  });

  /**
   * A hub as answered. A row sealed under a former app secret can never be read again; it is
   * answered with only its id and the oldest possible time, so a browser that holds the hub keeps
   * its own copy (newer) and saves it again, which replaces the row. Deleting the row instead would
   * make every browser's merge take the hub for deleted elsewhere and drop it with its token.
   */
  const shown = (row: HubRow): HubRecord => {
    const config = sealer.tryOpen(row.config);
    return config === undefined ? { ...toHub(row, JSON.stringify({ id: row.gid })), updateTime: 0 } : toHub(row, config);
  };

  async function systemHub(): Promise<SystemHub | undefined> {
    const row = await repository.systemHub();
    if (!row) return undefined;
    const config = sealer.tryOpen(row.config);
    // Sealed under a former app secret: the admin sets it again.
    if (config === undefined) return undefined;
    return {
      gid: row.gid,
      config: JSON.parse(config) as GithubHubConfig,
      updateTime: row.update_time,
      createTime: row.create_time,
    };
  }

  /** What anyone may see of the system hub: never its token. */
  const publicSystemHub = (hub: SystemHub): HubRecord => ({
    gid: hub.gid,
    type: 'GITHUB',
    config: JSON.stringify({ ...hub.config, token: '' }),
    storage: 'REMOTE',
    isSysDefault: true,
    isDefault: false,
    updateTime: hub.updateTime,
    createTime: hub.createTime,
  });

  return {
    async saveHub(userId: number, hub: HubSaveRequest): Promise<HubRecord> {
      const at = now();
      const configTime = parseObject(hub.config)?.updateTime;
      const claimed =
        hub.updateTime ?? (typeof configTime === 'number' && Number.isSafeInteger(configTime) && configTime >= 0 ? configTime : at);
      const stored = await repository.findHub(userId, hub.gid);
      // An unreadable row (a former app secret) must not win by its time over the readable hub being saved.
      if (stored && sealer.tryOpen(stored.config) === undefined) await repository.deleteHub(userId, hub.gid);
      const saved = await repository.saveHub(userId, {
        gid: hub.gid,
        type: hub.type,
        config: sealer.seal(hub.config),
        storage: hub.storage ?? 'REMOTE',
        update_time: Math.min(claimed, at + CLOCK_SKEW_MARGIN_MS),
        create_time: Math.min(hub.createTime ?? at, at + CLOCK_SKEW_MARGIN_MS),
      });
      return toHub(saved, sealer.open(saved.config));
    },

    async deleteHub(userId: number, gid: string): Promise<{ deleted: number }> {
      return { deleted: await repository.deleteHub(userId, gid) };
    },

    async listHubs(userId: number, query: { pageNum: number; pageSize: number }): Promise<Page<HubRecord>> {
      const { rows, total } = await repository.listHubs(userId, (query.pageNum - 1) * query.pageSize, query.pageSize);
      return { list: rows.map(shown), total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    async setDefault(userId: number, gid: string): Promise<HubRecord> {
      if (!(await repository.setDefault(userId, gid))) throw fail(404, 'picHub.hubNotFound');
      return shown((await repository.findHub(userId, gid)) as HubRow);
    },

    async saveFiles(userId: number, files: readonly HubFileInput[]): Promise<HubFile[]> {
      return (await repository.saveFiles(userId, files.map(toFileRow))).map(toFile);
    },

    async listFiles(
      userId: number,
      query: { pageNum: number; pageSize: number; keyword?: string | undefined; hubId?: string | undefined },
    ): Promise<Page<HubFile>> {
      const filter: FileFilter = {
        offset: (query.pageNum - 1) * query.pageSize,
        limit: query.pageSize,
        keyword: query.keyword,
        hubId: query.hubId,
      };
      const { rows, total } = await repository.listFiles(userId, filter);
      return { list: rows.map(toFile), total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    async deleteFiles(userId: number, gids: readonly string[]): Promise<{ deleted: number }> {
      return { deleted: await repository.deleteFiles(userId, gids) };
    },

    async settings(userId: number): Promise<PicHubSettingsRecord | null> {
      const row = await repository.settingsOf(userId);
      return row ? { settings: row.settings, githubCdns: row.github_cdns, updateTime: row.update_time } : null;
    },

    async saveSettings(userId: number, settings: PicHubSettingsSave): Promise<PicHubSettingsRecord> {
      const row = { user_id: userId, settings: settings.settings, github_cdns: settings.githubCdns, update_time: now() };
      await repository.saveSettings(row);
      return { settings: row.settings, githubCdns: row.github_cdns, updateTime: row.update_time };
    },

    async systemHub(): Promise<HubRecord | null> {
      const hub = await systemHub();
      return hub ? publicSystemHub(hub) : null;
    },

    /** Admin: sets (an empty token keeps the stored one) or, with null, removes the system hub. */
    async saveSystemHub({ config }: SysHubSaveParsed): Promise<HubRecord | null> {
      if (!config) {
        await repository.clearSystemHub();
        return null;
      }
      const stored = await systemHub();
      const token = config.token || stored?.config.token;
      if (!token) throw new HttpError(400, API_CODE.BAD_REQUEST, [{ key: 'picHub.field.token', params: {} }]);
      const at = now();
      const gid = stored?.gid ?? randomBytes(16).toString('hex');
      const full: GithubHubConfig = {
        id: gid,
        owner: config.owner,
        repo: config.repo,
        branch: config.branch,
        path: config.path,
        token,
        updateTime: at,
        ...(config.apiBaseUrl ? { apiBaseUrl: config.apiBaseUrl } : {}),
      };
      await repository.saveSystemHub({
        gid,
        config: sealer.seal(JSON.stringify(full)),
        update_time: at,
        create_time: stored?.createTime ?? at,
      });
      return publicSystemHub({ gid, config: full, updateTime: at, createTime: stored?.createTime ?? at });
    },

    /**
     * One picture from anyone to the system hub, named by its content (HASH, spec §9's default) so
     * the same picture sent twice is one file. Answers the record the page keeps (storage REMOTE).
     */
    async uploadToSystemHub({ bytes, originalName }: SysUploadInput): Promise<HubFile> {
      const hub = await systemHub();
      if (!hub) throw fail(404, 'picHub.sysHubMissing');
      const format = sniffFormat(bytes);
      if (!format || !SYS_UPLOAD_FORMATS.has(format)) throw fail(400, 'picHub.sysUploadNotImage');
      const at = new Date(now());
      const contentHash = createHash('sha256').update(bytes).digest('hex');
      const name = renameFile({ originalName, ext: extForFormat(format), contentHash, now: at, renameType: 'HASH' });
      const path = joinHubPath(hub.config.path, name);
      const { owner, repo, branch, token, apiBaseUrl } = hub.config;
      const client = createGithubClient({ token, owner, repo, branch, fetch: githubFetch, ...(apiBaseUrl ? { apiBaseUrl } : {}) });
      let sha: string;
      try {
        const [uploaded] = await client.uploadFiles([{ path, content: bytes }]);
        sha = uploaded?.sha ?? '';
      } catch (error) {
        if (!isGithubError(error)) throw error;
        // The visitor cannot fix the site's hub; spec §8's words say what happened, the log says why.
        const key: ServerMessageKey =
          error.kind === 'network' ? 'picHub.network' : error.kind === 'commitFailed' ? 'picHub.commitFailed' : 'picHub.uploadFailed';
        throw Object.assign(new HttpError(502, API_CODE.SERVER_ERROR, { key }), { cause: error });
      }
      return {
        gid: randomBytes(16).toString('hex'),
        originalName,
        originalSize: bytes.length,
        name,
        path,
        size: bytes.length,
        hubId: hub.gid,
        type: 'GITHUB',
        mediaType: MEDIA_TYPES[format] ?? 'application/octet-stream',
        storage: 'REMOTE',
        createTime: formatFileTime(at),
        config: JSON.stringify({ id: hub.gid, owner, repo, branch, path: hub.config.path, ...(apiBaseUrl ? { apiBaseUrl } : {}) }),
        sha,
      };
    },
  };
}

export type PicHubService = ReturnType<typeof createPicHubService>;
