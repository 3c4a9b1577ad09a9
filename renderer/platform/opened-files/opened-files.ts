import type { NativeApi } from '@shared/contracts/native';
import type { OpenedFileRoute, OpenedFilesCapability } from '@shared/contracts/opened-files';

/** The website is never asked by the operating system to open a file. */
export const browserOpenedFiles: OpenedFilesCapability<File> = {
  subscribe: () => () => undefined,
};

/**
 * The desktop: main keeps the files the system opened until the page showing their tool takes
 * them, so a file opened while the app starts (before any page listens) is not lost.
 */
export function createNativeOpenedFiles(native: Pick<NativeApi, 'openedFiles'>): OpenedFilesCapability<File> {
  return {
    subscribe(route: OpenedFileRoute, listener: (files: File[]) => void) {
      let active = true;
      const take = async () => {
        const opened = await native.openedFiles.take(route);
        if (!active || !opened.length) return;
        listener(opened.map(({ name, bytes }) => new File([bytes as Uint8Array<ArrayBuffer>], name)));
      };
      const stop = native.openedFiles.onOpened((openedRoute) => {
        if (openedRoute === route) void take().catch(() => undefined);
      });
      void take().catch(() => undefined);
      return () => {
        active = false;
        stop();
      };
    },
  };
}
