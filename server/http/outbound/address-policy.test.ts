import { describe, expect, it } from 'vitest';
import { classifyAddress, isAllowedAddress } from './address-policy';

describe('outbound address policy', () => {
  // Each range the proxy must refuse by default, and whether PROXY_ALLOW_PRIVATE opens it.
  const refused: [string, string, 'private' | 'forbidden'][] = [
    ['loopback', '127.0.0.1', 'private'],
    ['loopback, elsewhere in 127/8', '127.53.0.9', 'private'],
    ['RFC 1918 10/8', '10.1.2.3', 'private'],
    ['RFC 1918 172.16/12', '172.31.255.1', 'private'],
    ['RFC 1918 192.168/16', '192.168.1.10', 'private'],
    ['link-local', '169.254.10.20', 'private'],
    ['CGNAT', '100.64.0.1', 'private'],
    ['unspecified', '0.0.0.0', 'forbidden'],
    ['this network', '0.1.2.3', 'forbidden'],
    ['broadcast', '255.255.255.255', 'forbidden'],
    ['multicast', '224.0.0.251', 'forbidden'],
    ['reserved 240/4', '240.0.0.1', 'forbidden'],
    ['documentation', '192.0.2.1', 'forbidden'],
    ['benchmarking', '198.18.0.1', 'forbidden'],
    ['AWS/GCP/Azure metadata', '169.254.169.254', 'forbidden'],
    ['ECS task metadata', '169.254.170.2', 'forbidden'],
    ['Alibaba Cloud metadata (in CGNAT)', '100.100.100.200', 'forbidden'],
    ['Oracle Cloud metadata', '192.0.0.192', 'forbidden'],
    ['IPv6 loopback', '::1', 'private'],
    ['IPv6 unspecified', '::', 'forbidden'],
    ['IPv6 unique-local', 'fd12:3456::1', 'private'],
    ['IPv6 link-local', 'fe80::1', 'private'],
    ['IPv6 link-local with zone', 'fe80::1%eth0', 'private'],
    ['IPv6 multicast', 'ff02::1', 'forbidden'],
    ['IPv6 documentation', '2001:db8::1', 'forbidden'],
    ['IPv6 site-local (deprecated)', 'fec0::1', 'forbidden'],
    ['Teredo', '2001:0:4136:e378::1', 'forbidden'],
    ['AWS metadata over IPv6', 'fd00:ec2::254', 'forbidden'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1', 'private'],
    ['IPv4-mapped private, hex form', '::ffff:c0a8:10a', 'private'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254', 'forbidden'],
    ['NAT64 of loopback', '64:ff9b::7f00:1', 'private'],
    ['NAT64 of metadata', '64:ff9b::a9fe:a9fe', 'forbidden'],
    ['6to4 of a private address', '2002:c0a8:0101::1', 'private'],
    ['6to4 of loopback', '2002:7f00:1::', 'private'],
    ['not an address', 'localhost', 'forbidden'],
  ];

  it.each(refused)('refuses %s (%s) by default', (_name, address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
    expect(isAllowedAddress(address, false)).toBe(false);
    expect(isAllowedAddress(address, true)).toBe(kind === 'private');
  });

  it.each(['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    'lets public %s through',
    (address) => {
      expect(classifyAddress(address)).toBe('public');
      expect(isAllowedAddress(address, false)).toBe(true);
    },
  );
});
