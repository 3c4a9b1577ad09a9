import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

function ipv6Groups(address: string): string[] {
  let text = address.split('%')[0]!.toLowerCase();
  // An embedded IPv4 tail (::1.2.3.4) is two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill('0');
  return [...front, ...middle, ...back].map((group) => group.padStart(4, '0'));
}

/**
 * What "the same network" means for discovery: the same public IPv4 address (one NAT), or the same
 * IPv6 /64 (one LAN's prefix, while each device has addresses of its own). An IPv4 client reaching a
 * dual-stack socket shows as ::ffff:a.b.c.d and counts as its IPv4 address.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (isIPv6(address.split('%')[0]!)) return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
  return address;
}

/**
 * The room id of a network: keyed with the server's secret, so the id neither reveals the address
 * nor can be computed for someone else's address from outside.
 */
export function networkId(secret: Uint8Array, address: string): string {
  return createHmac('sha256', secret)
    .update(`p2p-network:${networkOf(address)}`)
    .digest('base64url')
    .slice(0, 22);
}
