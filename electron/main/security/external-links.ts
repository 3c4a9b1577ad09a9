/**
 * Whether a URL the page tried to open may be handed to the OS browser. Only plain http(s) links
 * qualify: no file:, no custom schemes that launch other apps, no credentials in the URL.
 */
export function isSafeExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
    parsed.hostname !== '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
}
