import type { IpcResults } from '@shared/contracts/ipc';

/** `version` is passed in because only the Electron `app` object knows it. */
export function appInfo(version: string): IpcResults['app:info'] {
  return { version, platform: process.platform, arch: process.arch };
}
