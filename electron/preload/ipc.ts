import { ipcRenderer } from 'electron';
import type { IpcChannel, IpcEvent, IpcEvents, IpcInput, IpcResult } from '@shared/contracts/ipc';

/** Typed `ipcRenderer.invoke`; lives only in the preload so the page never gets a generic one. */
export function invoke<C extends IpcChannel>(channel: C, args: IpcInput<C>): Promise<IpcResult<C>> {
  return ipcRenderer.invoke(channel, args) as Promise<IpcResult<C>>;
}

/** Subscribes to an event from main and returns the unsubscribe; the Electron event object is not passed on. */
export function on<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void): () => void {
  const wrapped = (_event: Electron.IpcRendererEvent, payload: IpcEvents[E]) => listener(payload);
  ipcRenderer.on(event, wrapped);
  return () => ipcRenderer.removeListener(event, wrapped);
}
