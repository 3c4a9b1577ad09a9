import ipaddr from 'ipaddr.js';
import type { IPv4, IPv6 } from 'ipaddr.js';

/**
 * Where an outbound call may connect:
 * - `public`: anywhere on the internet;
 * - `private`: this machine or its LAN (loopback, RFC 1918, unique-local, link-local, CGNAT) —
 *   reachable only when the operator sets PROXY_ALLOW_PRIVATE=true for a LAN WebDAV or NAS;
 * - `forbidden`: never — unspecified, broadcast, multicast, reserved and documentation ranges,
 *   cloud metadata endpoints (even with PROXY_ALLOW_PRIVATE: they hand out the host's credentials),
 *   and anything that is not an address.
 */
export type AddressClass = 'public' | 'private' | 'forbidden';

const PRIVATE_V4 = new Set(['loopback', 'private', 'linkLocal', 'carrierGradeNat']);
const PRIVATE_V6 = new Set(['loopback', 'uniqueLocal', 'linkLocal']);

/** AWS/GCP/Azure/OpenStack, ECS task metadata, Alibaba Cloud, Oracle Cloud, AWS over IPv6. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254']);

function classifyV4(address: IPv4): AddressClass {
  if (METADATA_ADDRESSES.has(address.toString())) return 'forbidden';
  const range = address.range();
  if (range === 'unicast') return 'public';
  return PRIVATE_V4.has(range) ? 'private' : 'forbidden';
}

/** The IPv4 address an IPv6 form carries, for the forms that reach an IPv4 host. */
function embeddedV4(address: IPv6, range: string): IPv4 | undefined {
  const bytes = address.toByteArray();
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (RFC 6145) and 64:ff9b::a.b.c.d (NAT64) end in it.
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return new ipaddr.IPv4(bytes.slice(12, 16));
  // 2002:AABB:CCDD::/48 (6to4) routes to the IPv4 address in bits 16–48.
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return undefined;
}

function classifyV6(address: IPv6): AddressClass {
  if (METADATA_ADDRESSES.has(address.toString())) return 'forbidden';
  const range = address.range();
  const v4 = embeddedV4(address, range);
  if (v4) return classifyV4(v4);
  if (range === 'unicast') return 'public';
  // Teredo, ORCHID, documentation, discard, site-local and the rest are never a real target here.
  return PRIVATE_V6.has(range) ? 'private' : 'forbidden';
}

export function classifyAddress(text: string): AddressClass {
  // Zone ids (fe80::1%eth0) name an interface of this machine: link-local, so private at most.
  const bare = text.replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return 'forbidden';
  const address = ipaddr.parse(bare);
  return address.kind() === 'ipv4' ? classifyV4(address as IPv4) : classifyV6(address as IPv6);
}

/** Whether a call may connect to this address under the operator's setting. */
export function isAllowedAddress(text: string, allowPrivate: boolean): boolean {
  const kind = classifyAddress(text);
  return kind === 'public' || (kind === 'private' && allowPrivate);
}
