/**
 * What the desktop's main process knows about the machine and a page cannot (node:os, statfs).
 * The website has no such capability: `platform.systemInfo` is undefined there and /system/info
 * shows only what the browser tells.
 */
export interface NativeSystemInfo {
  /** process.platform as main sees it ('linux', 'darwin', 'win32', …). */
  platform: string;
  /** os.version(): the kernel's or Windows' own version text. */
  osVersion: string;
  /** os.release(): the kernel release. */
  osRelease: string;
  arch: string;
  /** The first CPU's model name; '' when the OS does not report one. */
  cpuModel: string;
  /** Logical processors main sees. */
  cpuCount: number;
  totalMemory: number;
  freeMemory: number;
  /** Bytes of the file systems the user's files live on, each listed once. */
  disks: NativeDisk[];
}

export interface NativeDisk {
  /** The mount point or drive the figures are for ('/', 'C:\\'). */
  path: string;
  total: number;
  free: number;
}

export interface SystemInfoCapability {
  /** The machine's details, read by main on each call. */
  native(): Promise<NativeSystemInfo>;
}
