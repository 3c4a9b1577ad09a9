import { z } from 'zod';
import {
  HUB_CONFIG_MAX_LENGTH,
  HUB_FILE_TIME_PATTERN,
  HUB_FILES_PER_BATCH_MAX,
  HUB_TYPES,
  PIC_HUB_GID_MAX_LENGTH,
  PIC_HUB_GIDS_PER_DELETE_MAX,
  PIC_HUB_LINK_MAX_LENGTH,
  PIC_HUB_NAME_MAX_LENGTH,
  PIC_HUB_PATH_MAX_LENGTH,
  PIC_HUB_SETTINGS_MAX_LENGTH,
  STORAGE_SCOPES,
} from './pic-hub-base';
import type { ServerMessageKey } from './server-messages';
import { PAGE_SIZE_MAX } from './user-limits';

export * from './pic-hub-base';

/**
 * The server's checks of pic-hub-base.ts's shapes (spec §7, docs/api.md "PicHub"). Every check names
 * a key of the server message catalogue (group `picHub.field`), so a refusal reaches the visitor
 * translated, with the field it blames.
 */
export const PIC_HUB_FIELD_MESSAGES = {
  request: 'picHub.field.request',
  gid: 'picHub.field.gid',
  type: 'picHub.field.type',
  config: 'picHub.field.config',
  storage: 'picHub.field.storage',
  time: 'picHub.field.time',
  name: 'picHub.field.name',
  path: 'picHub.field.path',
  size: 'picHub.field.size',
  mediaType: 'picHub.field.mediaType',
  createTime: 'picHub.field.createTime',
  sha: 'picHub.field.sha',
  link: 'picHub.field.link',
  settings: 'picHub.field.settings',
  githubCdns: 'picHub.field.githubCdns',
  pageNum: 'picHub.field.pageNum',
  pageSize: 'picHub.field.pageSize',
  keyword: 'picHub.field.keyword',
  gids: 'picHub.field.gids',
  notArray: 'picHub.notArray',
  tooManyFiles: 'picHub.tooManyFiles',
  owner: 'picHub.field.owner',
  repo: 'picHub.field.repo',
  branch: 'picHub.field.branch',
  token: 'picHub.field.token',
  apiBaseUrl: 'picHub.field.apiBaseUrl',
} as const satisfies Record<string, ServerMessageKey>;

const M = PIC_HUB_FIELD_MESSAGES;

const isJson = (test: (value: unknown) => boolean) => (text: string) => {
  try {
    return test(JSON.parse(text));
  } catch {
    return false;
  }
};
const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

const gid = z.string(M.gid).trim().min(1, M.gid).max(PIC_HUB_GID_MAX_LENGTH, M.gid);
const hubType = z.enum(HUB_TYPES, M.type);
const storage = z.enum(STORAGE_SCOPES, M.storage);
const epochMs = z.number(M.time).int(M.time).min(0, M.time).max(Number.MAX_SAFE_INTEGER, M.time);
const byteCount = z.number(M.size).int(M.size).min(0, M.size).max(Number.MAX_SAFE_INTEGER, M.size);
/** A hub's configuration as JSON text of an object (spec §3). */
const configText = z.string(M.config).max(HUB_CONFIG_MAX_LENGTH, M.config).refine(isJson(isPlainObject), M.config);
const request = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape, M.request);

/**
 * `POST /api/busi/pic-hub/save`. A hub already saved under this gid is replaced only by a write at
 * least as new (`updateTime`; absent: the config's own `updateTime`, else the server's clock).
 */
export const hubSaveRequest = request({
  gid,
  type: hubType,
  config: configText,
  storage: storage.optional(),
  updateTime: epochMs.optional(),
  createTime: epochMs.optional(),
});
export type HubSaveRequest = z.infer<typeof hubSaveRequest>;

/** `DELETE /api/busi/pic-hub/mine?gid=…` and `PUT /api/busi/pic-hub/default` ({gid}). */
export const hubGidRequest = request({ gid });

/** Spec §9 paging; query values arrive as strings. */
export const picHubPageQuery = request({
  pageNum: z.coerce.number(M.pageNum).int(M.pageNum).min(1, M.pageNum).default(1),
  pageSize: z.coerce.number(M.pageSize).int(M.pageSize).min(1, M.pageSize).max(PAGE_SIZE_MAX, M.pageSize).default(10),
});

/** `GET /api/busi/pic-hub-file/list/page/mine`: `keyword` matches name or original name; `hubId` one hub's files. */
export const hubFileListQuery = picHubPageQuery.extend({
  keyword: z.string(M.keyword).trim().max(PIC_HUB_NAME_MAX_LENGTH, M.keyword).optional(),
  hubId: gid.optional(),
});

/** One hub file record (spec §3) as the page sends it; `id` is the server's and ignored. */
export const hubFileSchema = z.object(
  {
    gid,
    originalName: z.string(M.name).max(PIC_HUB_NAME_MAX_LENGTH, M.name),
    originalSize: byteCount,
    name: z.string(M.name).min(1, M.name).max(PIC_HUB_NAME_MAX_LENGTH, M.name),
    path: z.string(M.path).min(1, M.path).max(PIC_HUB_PATH_MAX_LENGTH, M.path),
    size: byteCount,
    hubId: gid,
    type: hubType,
    mediaType: z.string(M.mediaType).max(255, M.mediaType),
    storage,
    createTime: z.string(M.createTime).regex(HUB_FILE_TIME_PATTERN, M.createTime),
    config: z.string(M.config).max(HUB_CONFIG_MAX_LENGTH, M.config),
    sha: z.string(M.sha).max(64, M.sha).optional(),
    link: z.string(M.link).max(PIC_HUB_LINK_MAX_LENGTH, M.link).optional(),
    id: z.unknown().optional(),
  },
  M.request,
);
export type HubFileInput = z.infer<typeof hubFileSchema>;

/** `POST /api/busi/pic-hub-file/upload`: one record. */
export const hubFileUploadRequest = hubFileSchema;

/** `POST /api/busi/pic-hub-file/batch`: `files` not an array is spec §8's '参数非数组！'. */
export const hubFileBatchRequest = request({
  files: z.array(hubFileSchema, M.notArray).max(HUB_FILES_PER_BATCH_MAX, M.tooManyFiles),
});

/** `DELETE /api/busi/pic-hub-file/mine?gids=a&gids=b` */
export const hubFileDeleteQuery = request({
  gids: z
    .union([gid, z.array(gid, M.gids)], M.gids)
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(z.array(gid).min(1, M.gids).max(PIC_HUB_GIDS_PER_DELETE_MAX, M.gids)),
});

/** `POST /api/busi/pic-hub/settings/mine/save`: both as JSON text (spec §7). */
export const picHubSettingsSaveRequest = request({
  settings: z.string(M.settings).max(PIC_HUB_SETTINGS_MAX_LENGTH, M.settings).refine(isJson(isPlainObject), M.settings),
  githubCdns: z.string(M.githubCdns).max(PIC_HUB_SETTINGS_MAX_LENGTH, M.githubCdns).refine(isJson(Array.isArray), M.githubCdns),
});
export type PicHubSettingsSave = z.infer<typeof picHubSettingsSaveRequest>;

/** What `GET …/settings/mine` answers; null when the user never saved any. */
export interface PicHubSettingsRecord {
  settings: string;
  githubCdns: string;
  updateTime: number;
}

/** GitHub names: owner and repository as GitHub allows them, branch as git does (roughly). */
const githubName = (message: ServerMessageKey) =>
  z
    .string(message)
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, message);

/**
 * `PUT /api/busi/pic-hub/sys/default` (admin, beyond the spec): `{ config: null }` removes the system
 * hub. An empty `token` keeps the stored one, so the back office can change the folder without
 * asking for the token again (it never receives it).
 */
export const sysHubSaveRequest = request({
  config: z
    .object(
      {
        owner: githubName(M.owner),
        repo: githubName(M.repo),
        branch: z
          .string(M.branch)
          .trim()
          .min(1, M.branch)
          .max(255, M.branch)
          .regex(/^[^\s~^:?*[\\]+$/, M.branch),
        path: z
          .string(M.path)
          .max(PIC_HUB_PATH_MAX_LENGTH, M.path)
          .transform((path) => path.trim().replace(/^\/+|\/+$/g, '')),
        token: z.string(M.token).trim().max(1024, M.token).default(''),
        // An empty field is GitHub's own API, as absent is.
        apiBaseUrl: z.preprocess(
          (value) => (value === '' ? undefined : value),
          z
            .url({ protocol: /^https?$/, error: M.apiBaseUrl })
            .transform((url) => url.replace(/\/+$/, ''))
            .optional(),
        ),
      },
      M.config,
    )
    .nullable(),
});
/** What the back office sends; the server works on the parsed form (`SysHubSaveParsed`). */
export type SysHubSave = z.input<typeof sysHubSaveRequest>;
export type SysHubSaveParsed = z.output<typeof sysHubSaveRequest>;

/** `sys/upload`'s outcome kinds beyond the HubFile: what a failed GitHub call becomes for the visitor. */
export type SysUploadFailure = 'uploadFailed' | 'network' | 'commitFailed';
