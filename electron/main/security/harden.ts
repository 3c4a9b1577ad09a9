import { app, session, shell } from 'electron';
import type { WebContents } from 'electron';
import { isAppUrl } from '../protocol/app-url';
import { isSafeExternalUrl } from './external-links';
import { isPermissionGranted } from './permissions';

function openOutside(url: string): void {
  if (isSafeExternalUrl(url)) void shell.openExternal(url);
}

/** Keeps every web contents on app://baibao/: other links go to the OS browser, never into a window of ours. */
function lockNavigation(contents: WebContents): void {
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    openOutside(event.url);
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Call once, before the first window opens. */
export function hardenApp(): void {
  app.on('web-contents-created', (_event, contents) => lockNavigation(contents));
  const { defaultSession } = session;
  defaultSession.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(isPermissionGranted(permission, contents.getURL(), 'mediaTypes' in details ? (details.mediaTypes ?? []) : []));
  });
  defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionGranted(permission, requestingOrigin, details.mediaType ? [details.mediaType] : []),
  );
}
