import Bowser from 'bowser';
import type { TunnelProfile } from '../contracts/tunnel';

/**
 * The connector's profile the remote's owner sees before accepting: what its User-Agent says
 * (bowser; empty where it says nothing) and the address the server saw, which the connector
 * cannot choose.
 */
export function tunnelProfile(userAgent: string, ip: string): TunnelProfile {
  // bowser throws on an empty string, which some clients send.
  const parsed = Bowser.parse(userAgent.trim() || ' ');
  const model = [parsed.platform.vendor, parsed.platform.model].filter(Boolean).join(' ');
  return {
    device: [parsed.platform.type, model].filter(Boolean).join(' · '),
    os: [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' '),
    browser: [parsed.browser.name, parsed.browser.version].filter(Boolean).join(' '),
    ip: ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1'),
  };
}
