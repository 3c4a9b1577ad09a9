/**
 * PicHub (spec §2, §3, §4, §7, §9; issue 16): picture hosting on the user's own GitHub repository.
 * The types and constants both sides share. No zod here: the page takes these without the schemas
 * (pic-hub.ts holds the server's checks of these shapes).
 *
 * Identity: a hub and a file are known by `gid`, an id the client makes (`randomHexId()`) when it
 * creates them, so a hub made on a phone before login and the same hub synced later are one record.
 * `id` is the server's row id and exists only on records the server returned.
 */
export const PIC_HUB_PATH = '/api/busi/pic-hub';
export const PIC_HUB_FILE_PATH = '/api/busi/pic-hub-file';

/** Spec §2: GITHUB is the one hub type in use; IMGUR and TELEGRA are listed as inactive. */
export const HUB_TYPES = ['GITHUB', 'IMGUR', 'TELEGRA'] as const;
export type HubType = (typeof HUB_TYPES)[number];
export const ACTIVE_HUB_TYPES: readonly HubType[] = ['GITHUB'];

/** Spec §2 storage scopes: LOCAL (this browser only) and REMOTE (also on the account). */
export const STORAGE_SCOPES = ['LOCAL', 'REMOTE'] as const;
export type StorageScope = (typeof STORAGE_SCOPES)[number];

/** Spec §3 rename modes; default HASH (spec §9). */
export const RENAME_TYPES = ['NONE', 'HASH', 'TIMESTAMP', 'CUST'] as const;
export type RenameType = (typeof RENAME_TYPES)[number];

/** Spec §3 link copy formats. */
export const LINK_FORMATS = ['markdown', 'html', 'url', 'ubb'] as const;
export type LinkFormat = (typeof LINK_FORMATS)[number];

/** Spec §9. */
export const GITHUB_COMMIT_MESSAGE = 'upload by pichub';
export const GITHUB_FILE_MODE = '100644';
export const CDN_PROBE_TIMEOUT_MS = 30_000;
/** GitHub's REST API; a hub may name another (GitHub Enterprise, or the test server) in `apiBaseUrl`. */
export const GITHUB_API_URL = 'https://api.github.com';

/** Spec §3 hub configuration; every kind has `id` (= the hub's gid). */
export interface GithubHubConfig {
  id: string;
  owner: string;
  repo: string;
  branch: string;
  /** Folder in the repository, leading and trailing slashes removed (spec §5); '' is the root. */
  path: string;
  token: string;
  updateTime: number;
  /**
   * GitHub Enterprise's API root (`https://ghe.example.com/api/v3`) or, in tests only, the test
   * server. Absent means GITHUB_API_URL. The website's CSP must allow the host (docs/pic-hub.md).
   */
  apiBaseUrl?: string;
}
export interface ImgurHubConfig {
  id: string;
  clientId: string;
  updateTime: number;
}
export interface TelegraHubConfig {
  id: string;
  updateTime: number;
}
export type HubConfig = GithubHubConfig | ImgurHubConfig | TelegraHubConfig;

/** Spec §3 hub record. `config` is the type's configuration as JSON text. */
export interface HubRecord {
  gid: string;
  type: HubType;
  config: string;
  storage: StorageScope;
  /** The site's system hub (admin-configured, spec §7 `sys/default`): visitors may try it. */
  isSysDefault: boolean;
  /** The user's active hub: one at a time (`PUT …/default`). */
  isDefault: boolean;
  /** Server row id; absent on a hub that never reached the server. */
  id?: number;
  updateTime: number;
  createTime: number;
}

/** Spec §3 hub file. Stored per type and gid. */
export interface HubFile {
  gid: string;
  originalName: string;
  originalSize: number;
  /** The name the file got in the hub (after the rename mode). */
  name: string;
  /** Its path in the repository (hub path + name) for GITHUB; what links and delete use. */
  path: string;
  /** Bytes uploaded (after compression). */
  size: number;
  hubId: string;
  type: HubType;
  mediaType: string;
  storage: StorageScope;
  /** yyyy-MM-dd HH:mm:ss (spec §9). */
  createTime: string;
  /** The hub's settings at upload as text: owner, repo, branch (never the token). */
  config: string;
  /** GITHUB: the blob sha, needed to delete it. */
  sha?: string;
  /** IMGUR and TELEGRA: the link the service answered. */
  link?: string;
  /** Server row id; absent on a local-only record. */
  id?: number;
}

/** A user CDN template or a built-in one (spec §3: name, tpl, isBuiltin, active). */
export interface CdnTemplate {
  id: string;
  name: string;
  /** `{owner}`, `{repo}`, `{branch}`, `{path}` are filled from the file (docs/pic-hub.md). */
  tpl: string;
  isBuiltin: boolean;
  active: boolean;
}

/** Spec §3 PicHub settings plus what the page needs to repeat an upload the same way. */
export interface PicHubSettings {
  renameType: RenameType;
  /** CUST pattern, tokens such as `{name}{y}{m}{d}{hash:8}` (docs/pic-hub.md). */
  renamePattern: string;
  compression: boolean;
  /** An image-compress preset's id; absent = the suite's default settings. */
  compressPresetId?: string;
  /** An image-watermark preset's id; absent = no watermark. */
  watermarkPresetId?: string;
  linkFormat: LinkFormat;
  /** Spec §3 githubCdns: every template with its active flag; exactly one active. */
  githubCdns: CdnTemplate[];
}

/** Limits the server and the page share. */
export const HUB_FILES_PER_BATCH_MAX = 100;
/** A picture bigger than this is refused before anything is read (issue 16: a 50 MB image). */
export const PIC_HUB_FILE_MAX_BYTES = 25 * 1024 * 1024;
export const HUB_CONFIG_MAX_LENGTH = 4096;
export const PIC_HUB_SETTINGS_MAX_LENGTH = 32 * 1024;
/** Ids the page makes with randomHexId(); a little room for other clients' ids. */
export const PIC_HUB_GID_MAX_LENGTH = 64;
export const PIC_HUB_NAME_MAX_LENGTH = 255;
export const PIC_HUB_PATH_MAX_LENGTH = 1024;
export const PIC_HUB_LINK_MAX_LENGTH = 2048;
/** One DELETE names at most a batch's worth of files. */
export const PIC_HUB_GIDS_PER_DELETE_MAX = HUB_FILES_PER_BATCH_MAX;
/** The system hub takes pictures from anyone, so it gets a smaller cap than a user's own hub. */
export const PIC_HUB_SYS_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Spec §9 timestamp format of a hub file's createTime. */
export const HUB_FILE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
