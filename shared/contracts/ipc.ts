import { z } from 'zod';
import {
  ARCHIVE_CREATE_FORMATS,
  ARCHIVE_CREATE_SOURCES_MAX,
  ARCHIVE_EXTRACT_PATHS_MAX,
  ARCHIVE_FILE_NAME_MAX,
  ARCHIVE_PASSWORD_MAX,
  ARCHIVE_READ_ENTRY_MAX,
} from './archive';
import type { ArchiveListing } from './archive';
import { HASH_ALGORITHMS } from './hash';
import type { HashDigests } from './hash';
import type { HlsMp4Result } from './hls';
import { imageJobSchema } from './image';
import type { ImageInfo, ImageResult } from './image';
import { OPENED_FILE_ROUTES } from './opened-files';
import { PDF_FILE_NAME_MAX, PDF_HTML_MAX } from './pdf';
import type { OpenedFile, OpenedFileRoute } from './opened-files';
import { SECRET_KEY_MAX_LENGTH, SECRET_MAX_LENGTH, SECRET_NAMESPACES } from './secrets';
import { storedTokensSchema } from './tokens';
import type { StoredTokens } from './tokens';
import type { NativeSystemInfo } from './system-info';
import { WEBDAV_AUTH_TYPES } from './webdav';
import type { WebdavItem } from './webdav';

/**
 * The single map of every IPC channel between the Electron main process and the preload.
 * Arguments are zod schemas because main must not trust what a renderer sends; results are types.
 * Add a capability here first, then its handler in electron/main/ipc and its method in the preload.
 */
const jobId = z.string().min(1).max(64);
const diskPath = z.string().min(1).max(4096);
const archivePassword = z.string().min(1).max(ARCHIVE_PASSWORD_MAX).optional();
// The archive limits live in ./archive.ts (no zod), so the page's platform can read them without zod.
export { ARCHIVE_CREATE_SOURCES_MAX, ARCHIVE_EXTRACT_PATHS_MAX, ARCHIVE_FILE_NAME_MAX, ARCHIVE_READ_ENTRY_MAX };
const hashAlgorithmSchema = z.enum(HASH_ALGORITHMS);
/** A WebDAV call's server and login (the password read from the store by the page); http(s) only. */
const webdavConnection = z.object({
  serverURL: z
    .string()
    .min(1)
    .max(2048)
    .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), 'http or https address'),
  authType: z.enum(WEBDAV_AUTH_TYPES),
  username: z.string().max(1024),
  password: z.string().max(1024),
});
const webdavPath = z.string().max(4096);
const secretNamespace = z.enum(SECRET_NAMESPACES);
/** A playlist, key or segment address: http(s) only, checked again by main at every redirect. */
const hlsUrl = z
  .string()
  .min(1)
  .max(8192)
  .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), 'http or https address');
/** The most bytes one `hls-mp4:write` carries: the page writes segment by segment (a few MB each). */
export const HLS_MP4_WRITE_MAX = 64 * 1024 * 1024;
const secretKey = z.string().min(1).max(SECRET_KEY_MAX_LENGTH);

export const ipcArgs = {
  'app:info': z.undefined(),
  'system:info': z.undefined(),
  'hash:file': z.object({
    jobId: z.string().min(1).max(64),
    path: z.string().min(1).max(4096),
    algorithms: z.array(hashAlgorithmSchema).min(1).max(6),
  }),
  'hash:cancel': z.object({ jobId: z.string().min(1).max(64) }),
  'image:probe': z.object({ path: z.string().min(1).max(4096) }),
  'image:process': z.object({
    jobId: z.string().min(1).max(64),
    path: z.string().min(1).max(4096),
    job: imageJobSchema,
  }),
  'image:cancel': z.object({ jobId: z.string().min(1).max(64) }),
  'archive:list': z.object({ jobId, path: diskPath, password: archivePassword }),
  'archive:read-entry': z.object({
    jobId,
    path: diskPath,
    entry: z.string().min(1).max(4096),
    password: archivePassword,
    /** Previews only: the page never asks main for more than this in one answer. */
    maxBytes: z.number().int().min(1).max(ARCHIVE_READ_ENTRY_MAX),
  }),
  'archive:extract': z.object({
    jobId,
    path: diskPath,
    /** Entry paths (files or folders) to extract; all when absent. */
    paths: z.array(z.string().min(1).max(4096)).min(1).max(ARCHIVE_EXTRACT_PATHS_MAX).optional(),
    password: archivePassword,
  }),
  'archive:create': z.object({
    jobId,
    /** Files and folders on disk, each added under its own name. */
    sources: z.array(diskPath).min(1).max(ARCHIVE_CREATE_SOURCES_MAX),
    format: z.enum(ARCHIVE_CREATE_FORMATS),
    level: z.number().int().min(0).max(9),
    password: archivePassword,
    encryptNames: z.boolean().optional(),
    /** What the save dialog proposes, extension included. */
    suggestedName: z.string().min(1).max(ARCHIVE_FILE_NAME_MAX),
  }),
  'archive:cancel': z.object({ jobId }),
  'tokens:load': z.undefined(),
  'tokens:save': storedTokensSchema,
  'tokens:clear': z.undefined(),
  'webdav:check': z.object({ jobId, connection: webdavConnection }),
  'webdav:list': z.object({ jobId, connection: webdavConnection, folderPath: webdavPath }),
  'webdav:download': z.object({ jobId, connection: webdavConnection, filePath: webdavPath.min(1) }),
  'webdav:cancel': z.object({ jobId }),
  'secrets:durable': z.object({ namespace: secretNamespace }),
  'secrets:get': z.object({ namespace: secretNamespace, key: secretKey }),
  'secrets:save': z.object({ namespace: secretNamespace, key: secretKey, secret: z.string().max(SECRET_MAX_LENGTH) }),
  'secrets:delete': z.object({ namespace: secretNamespace, key: secretKey }),
  /** Files the system opened with the app for this tool route, handed over once. */
  'files:take-opened': z.object({ route: z.enum(OPENED_FILE_ROUTES) }),
  'screen:keep-awake': z.object({ on: z.boolean() }),
  /** The only header the m3u8 core sends is Range (BYTERANGE segments). */
  'hls:fetch': z.object({
    jobId,
    url: hlsUrl,
    range: z
      .string()
      .regex(/^bytes=\d{1,15}-\d{0,15}$/)
      .optional(),
  }),
  'hls:cancel': z.object({ jobId }),
  'hls-mp4:ffmpeg': z.undefined(),
  'hls-mp4:open': z.object({
    /** What the save dialog proposes: a bare file name ending in .mp4, never a path. */
    suggestedName: z
      .string()
      .min(5)
      .max(255)
      .regex(/^[^/\\]+\.mp4$/i, 'a file name ending in .mp4'),
  }),
  'hls-mp4:write': z.object({
    id: jobId,
    bytes: z
      .custom<Uint8Array>((value) => value instanceof Uint8Array, 'bytes')
      .refine((bytes) => bytes.byteLength <= HLS_MP4_WRITE_MAX, 'at most 64 MB a write'),
  }),
  'hls-mp4:close': z.object({ id: jobId }),
  'hls-mp4:abort': z.object({ id: jobId }),
  'pdf:save-html': z.object({
    html: z.string().min(1).max(PDF_HTML_MAX),
    /** What the save dialog proposes: a bare file name ending in .pdf, never a path. */
    suggestedName: z
      .string()
      .min(5)
      .max(PDF_FILE_NAME_MAX)
      .regex(/^[^/\\]+\.pdf$/i, 'a file name ending in .pdf'),
  }),
} as const;

export interface IpcResults {
  'app:info': { version: string; platform: string; arch: string };
  'system:info': NativeSystemInfo;
  'hash:file': HashDigests;
  'hash:cancel': void;
  'image:probe': ImageInfo;
  'image:process': ImageResult;
  'image:cancel': void;
  'archive:list': ArchiveListing;
  'archive:read-entry': Uint8Array;
  /** null: the user closed the folder dialog. damaged: entries left out, as in ArchiveResult. */
  'archive:extract': { savedPath: string; files: number; bytes: number; damaged?: string[] } | null;
  /** null: the user closed the save dialog. */
  'archive:create': { savedPath: string; size: number } | null;
  'archive:cancel': void;
  'tokens:load': Partial<StoredTokens>;
  'tokens:save': void;
  'tokens:clear': void;
  'files:take-opened': OpenedFile[];
  'webdav:check': void;
  'webdav:list': WebdavItem[];
  /** The file's bytes and its Content-Type. */
  'webdav:download': { bytes: Uint8Array; contentType: string };
  'webdav:cancel': void;
  'secrets:durable': boolean;
  'secrets:get': string | undefined;
  'secrets:save': void;
  'secrets:delete': void;
  /** null: the user closed the save dialog. */
  'pdf:save-html': { savedPath: string } | null;
  'screen:keep-awake': void;
  /** bytes: a 2xx answer's body (only the range asked for); empty for other statuses. url: after redirects. */
  'hls:fetch': { status: number; url: string; bytes: Uint8Array };
  'hls:cancel': void;
  'hls-mp4:ffmpeg': { path: string; version: string } | undefined;
  /** undefined: the user closed the save dialog. */
  'hls-mp4:open': { id: string; path: string } | undefined;
  'hls-mp4:write': void;
  'hls-mp4:close': HlsMp4Result;
  'hls-mp4:abort': void;
}

export type IpcChannel = keyof typeof ipcArgs;
/** What main's handler receives: the parsed arguments, defaults filled in. */
export type IpcArgs<C extends IpcChannel> = z.infer<(typeof ipcArgs)[C]>;
/** What the preload may send: the schema's input, before defaults. */
export type IpcInput<C extends IpcChannel> = z.input<(typeof ipcArgs)[C]>;
export type IpcResult<C extends IpcChannel> = IpcResults[C];

/** Events main pushes to the renderer (main → preload → callback). */
export interface IpcEvents {
  'hash:progress': { jobId: string; loaded: number; total: number };
  'archive:progress': { jobId: string; fraction: number };
  /** total: Content-Length, absent when the server sends none. */
  'webdav:progress': { jobId: string; loaded: number; total?: number };
  /** Files wait for this route: the page showing it takes them ('files:take-opened'). */
  'files:opened': { route: OpenedFileRoute };
}
export type IpcEvent = keyof IpcEvents;
