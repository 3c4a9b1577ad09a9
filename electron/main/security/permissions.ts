import { isAppUrl } from '../protocol/app-url';

/**
 * Permissions granted without a prompt, and only to our own pages: copying results to the
 * clipboard, fullscreen for the screen test, the wake lock for keep-screen-on, and the File System
 * Access API (`fileSystem`), so split/merge and extraction can stream into a folder or file the
 * user picks in the native dialog — the pick itself is the consent. Everything else
 * (camera, geolocation, notifications, HID, USB, serial, ...) is denied until a tool
 * needs it and it is added here on purpose.
 */
const GRANTED = new Set<string>(['clipboard-sanitized-write', 'fullscreen', 'screen-wake-lock', 'fileSystem']);

/**
 * `mediaTypes`: what a 'media' request asks for. The microphone alone is granted (the voice
 * recorder asks for it when the user presses Record: the press is the consent); the camera, or a
 * request that does not say what it wants, stays denied.
 */
export function isPermissionGranted(permission: string, requestingUrl: string, mediaTypes: readonly string[] = []): boolean {
  if (!isAppUrl(requestingUrl)) return false;
  if (permission === 'media') return mediaTypes.length > 0 && mediaTypes.every((type) => type === 'audio');
  return GRANTED.has(permission);
}
