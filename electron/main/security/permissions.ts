import { isAppUrl } from '../protocol/app-url';

/**
 * Permissions granted without a prompt, and only to our own pages: copying results to the
 * clipboard, fullscreen for the screen test, the wake lock for keep-screen-on, and the File System
 * Access API (`fileSystem`), so split/merge and extraction can stream into a folder or file the
 * user picks in the native dialog — the pick itself is the consent. Everything else
 * (camera, microphone, geolocation, notifications, HID, USB, serial, ...) is denied until a tool
 * needs it and it is added here on purpose.
 */
const GRANTED = new Set<string>(['clipboard-sanitized-write', 'fullscreen', 'screen-wake-lock', 'fileSystem']);

export function isPermissionGranted(permission: string, requestingUrl: string): boolean {
  return GRANTED.has(permission) && isAppUrl(requestingUrl);
}
