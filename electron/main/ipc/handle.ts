import { z } from 'zod';
import { ipcArgs } from '@shared/contracts/ipc';
import type { IpcArgs, IpcChannel, IpcEvent, IpcEvents, IpcResult } from '@shared/contracts/ipc';

/** The slice of Electron's `WebContents` the IPC layer uses, so tests can hand in a fake. */
export interface IpcSender {
  readonly id: number;
  send(channel: string, payload: unknown): void;
  isDestroyed(): boolean;
  on(event: 'destroyed' | 'render-process-gone', listener: () => void): unknown;
  on(event: 'did-start-navigation', listener: (details: { isMainFrame: boolean; isSameDocument: boolean }) => void): unknown;
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
  /** Aborted when the calling page goes away (window closed, renderer crashed, page reloaded or navigated), so its work stops with it. */
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
 * One AbortSignal per page a window shows. A reload (Ctrl+R in the default menu) or a crash keeps
 * the window but starts a page that does not know the old page's job ids and so cannot cancel
 * them: without this, an extraction would go on writing into the user's folder.
 */
function pageLifetimes(): (sender: IpcSender) => AbortSignal {
  const current = new WeakMap<IpcSender, AbortController>();
  const watched = new WeakSet<IpcSender>();
  const end = (sender: IpcSender) => {
    current.get(sender)?.abort();
    current.delete(sender);
  };
  return (sender) => {
    if (!watched.has(sender)) {
      watched.add(sender);
      sender.on('destroyed', () => end(sender));
      sender.on('render-process-gone', () => end(sender));
      sender.on('did-start-navigation', (details) => {
        if (details.isMainFrame && !details.isSameDocument) end(sender);
      });
    }
    let controller = current.get(sender);
    if (!controller) {
      controller = new AbortController();
      current.set(sender, controller);
    }
    return controller.signal;
  };
}

/**
 * Builds the typed `handle(channel, impl)` used by register.ts. Every call is checked twice before
 * `impl` runs: the sender frame must pass `isTrustedSender` (in the app: served from app://baibao/),
 * and the single argument must parse with the channel's zod schema from shared/contracts/ipc.ts.
 * `impl` receives the parsed value, never the raw one.
 */
export function createHandle(ipc: IpcMainLike, isTrustedSender: (frameUrl: string) => boolean): Handle {
  const lifetimeOf = pageLifetimes();
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
      const context: IpcContext = {
        senderId: sender.id,
        signal: lifetimeOf(sender),
        emit: (name, payload) => {
          if (!sender.isDestroyed()) sender.send(name, payload);
        },
      };
      return impl(parsed.data as IpcArgs<typeof channel>, context);
    });
  };
}
