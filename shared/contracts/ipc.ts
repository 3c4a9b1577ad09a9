import { z } from 'zod';
import { hashAlgorithmSchema } from './hash';
import type { HashDigests } from './hash';
import { imageJobSchema } from './image';
import type { ImageInfo, ImageResult } from './image';
import { storedTokensSchema } from './tokens';
import type { StoredTokens } from './tokens';

/**
 * The single map of every IPC channel between the Electron main process and the preload.
 * Arguments are zod schemas because main must not trust what a renderer sends; results are types.
 * Add a capability here first, then its handler in electron/main/ipc and its method in the preload.
 */
export const ipcArgs = {
  'app:info': z.undefined(),
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
  'tokens:load': z.undefined(),
  'tokens:save': storedTokensSchema,
  'tokens:clear': z.undefined(),
} as const;

export interface IpcResults {
  'app:info': { version: string; platform: string; arch: string };
  'hash:file': HashDigests;
  'hash:cancel': void;
  'image:probe': ImageInfo;
  'image:process': ImageResult;
  'image:cancel': void;
  'tokens:load': Partial<StoredTokens>;
  'tokens:save': void;
  'tokens:clear': void;
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
}
export type IpcEvent = keyof IpcEvents;
