import { z } from 'zod';
import { ipcArgs } from '@shared/contracts/ipc';
import type { IpcArgs, IpcChannel, IpcEvent, IpcEvents, IpcResult } from '@shared/contracts/ipc';

/** The slice of Electron's `WebContents` the IPC layer uses, so tests can hand in a fake. */
export interface IpcSender {
  readonly id: number;
  send(channel: string, payload: unknown): void;
  isDestroyed(): boolean;
  once(event: 'destroyed', listener: () => void): unknown;
  removeListener(event: 'destroyed', listener: () => void): unknown;
}

/** The slice of Electron's `IpcMainInvokeEvent` the IPC layer uses. */
export interface IpcInvokeEvent {
  readonly senderFrame: { readonly url: string } | null;
  readonly sender: IpcSender;
}

/** The slice of Electron's `ipcMain`; injected so this module runs under plain Node. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEvent, ...args: unknown[]) => unknown): void;
}

/** What a handler gets besides its parsed arguments. The IPC event itself never reaches it. */
export interface IpcContext {
  /** Identifies the calling window, so jobs of one window cannot be cancelled by another. */
  readonly senderId: number;
  /** Aborted when the calling window goes away, so its work stops with it. */
  readonly signal: AbortSignal;
  /** Pushes an event to the calling window only; dropped once that window is gone. */
  emit<E extends IpcEvent>(event: E, payload: IpcEvents[E]): void;
}

export type IpcImpl<C extends IpcChannel> = (args: IpcArgs<C>, context: IpcContext) => IpcResult<C> | Promise<IpcResult<C>>;

export type Handle = <C extends IpcChannel>(channel: C, impl: IpcImpl<C>) => void;

/** Thrown before any adapter runs; the message is what the renderer sees. */
export class IpcRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IpcRejectedError';
  }
}

/**
 * Builds the typed `handle(channel, impl)` used by register.ts. Every call is checked twice before
 * `impl` runs: the sender frame must pass `isTrustedSender` (in the app: served from app://baibao/),
 * and the single argument must parse with the channel's zod schema from shared/contracts/ipc.ts.
 * `impl` receives the parsed value, never the raw one.
 */
export function createHandle(ipc: IpcMainLike, isTrustedSender: (frameUrl: string) => boolean): Handle {
  return (channel, impl) => {
    const schema: z.ZodType = ipcArgs[channel];
    ipc.handle(channel, async (event, ...raw) => {
      const frameUrl = event.senderFrame?.url;
      if (!frameUrl || !isTrustedSender(frameUrl)) {
        throw new IpcRejectedError(`${channel}: refused a call from ${frameUrl ?? 'a frame that is gone'}`);
      }
      if (raw.length > 1) throw new IpcRejectedError(`${channel}: expected one argument, got ${raw.length}`);
      const parsed = schema.safeParse(raw[0]);
      if (!parsed.success) throw new IpcRejectedError(`${channel}: invalid arguments: ${z.prettifyError(parsed.error)}`);

      const { sender } = event;
      const lifetime = new AbortController();
      const onDestroyed = () => lifetime.abort();
      sender.once('destroyed', onDestroyed);
      const context: IpcContext = {
        senderId: sender.id,
        signal: lifetime.signal,
        emit: (name, payload) => {
          if (!sender.isDestroyed()) sender.send(name, payload);
        },
      };
      try {
        return await impl(parsed.data as IpcArgs<typeof channel>, context);
      } finally {
        sender.removeListener('destroyed', onDestroyed);
      }
    });
  };
}
