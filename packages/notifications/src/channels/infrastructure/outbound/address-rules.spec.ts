import { isMetadataHost, isPublicAddress } from './address-rules';

describe('isPublicAddress (the address rule of every outgoing request)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local (AWS metadata over IPv6)'],
    ['100.100.100.200', 'carrier-grade NAT (Alibaba metadata)'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'IPv6 multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'IPv6 unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['64:ff9b::7f00:1', 'NAT64 carrying 127.0.0.1'],
    ['2002:7f00:1::1', '6to4 carrying 127.0.0.1'],
    ['192.0.2.1', 'documentation'],
    ['not-an-address', 'not an address at all'],
    // Issue 29: forms the rule let through.
    ['::127.0.0.1', 'IPv4-compatible IPv6 carrying 127.0.0.1 (::/96, deprecated)'],
    ['::7f00:1', 'the same, as a URL writes it ([::127.0.0.1] → [::7f00:1])'],
    ['::a9fe:a9fe', 'IPv4-compatible IPv6 carrying 169.254.169.254'],
    ['168.63.129.16', 'Azure wire server (in-VM platform address)'],
    ['::ffff:168.63.129.16', 'IPv4-mapped Azure wire server'],
    ['192.0.0.8', 'IPv4 dummy address'],
    ['198.18.0.1', 'benchmarking'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['240.0.0.1', 'reserved'],
    ['64:ff9b:1::a00:1', 'local-use IPv4/IPv6 translation'],
    ['100::1', 'discard-only'],
    ['2001:2::1', 'IPv6 benchmarking'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['3fff::1', 'IPv6 documentation (2024)'],
    ['5f00::1', 'SRv6 SIDs'],
    ['2001::1', 'Teredo'],
    ['4000::1', 'outside 2000::/3 (reserved by IETF)'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2001:4860:4860::8888',
    '::ffff:93.184.216.34',
    '2606:4700:4700::1111',
    '168.63.129.17',
  ])('lets %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('names metadata hosts whatever they resolve to', () => {
    expect(isMetadataHost('metadata.google.internal')).toBe(true);
    expect(isMetadataHost('METADATA.google.internal.')).toBe(true);
    expect(isMetadataHost('hooks.example.com')).toBe(false);
  });
});
