import { EventEmitter } from 'node:events';
import type { IpcInvokeEvent, IpcMainLike, IpcSender } from '../main/ipc/handle';

type Listener = (event: IpcInvokeEvent, ...args: unknown[]) => unknown;

/** A window as the IPC layer sees it: records what main sends and can be destroyed. */
export class FakeSender extends EventEmitter implements IpcSender {
  readonly sent: { channel: string; payload: unknown }[] = [];
  private destroyed = false;

  constructor(readonly id: number) {
    super();
  }

  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  destroy(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }

  /** What Electron emits when the window starts loading another page (reload included) or moves within one. */
  navigate(details: { isMainFrame: boolean; isSameDocument: boolean }): void {
    this.emit('did-start-navigation', details);
  }
}

/** Stands in for Electron's ipcMain under plain Node: keeps the listeners and lets a test call them. */
export class FakeIpcMain implements IpcMainLike {
  private readonly listeners = new Map<string, Listener>();

  handle(channel: string, listener: Listener): void {
    if (this.listeners.has(channel)) throw new Error(`second handler for ${channel}`);
    this.listeners.set(channel, listener);
  }

  get channels(): string[] {
    return [...this.listeners.keys()];
  }

  invoke(channel: string, frameUrl: string | null, sender: IpcSender, ...args: unknown[]): Promise<unknown> {
    const listener = this.listeners.get(channel);
    if (!listener) return Promise.reject(new Error(`No handler registered for '${channel}'`));
    return Promise.resolve(listener({ senderFrame: frameUrl === null ? null : { url: frameUrl }, sender }, ...args));
  }
}
