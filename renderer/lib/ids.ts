/** Random hex id; crypto.getRandomValues works in insecure contexts too (plain-http LAN installs), randomUUID does not. */
export function randomHexId(bytes = 16): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
