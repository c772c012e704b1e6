import ipaddr from 'ipaddr.js';
import {
  CLOUD_PLATFORM_ADDRESSES,
  GLOBAL_UNICAST_V6,
  NON_GLOBAL_BLOCKS,
} from './special-purpose-addresses';

/** The registries' blocks, parsed once. */
const REFUSED_BLOCKS = [...NON_GLOBAL_BLOCKS, ...CLOUD_PLATFORM_ADDRESSES].map((cidr) =>
  ipaddr.parseCIDR(cidr),
);
const GLOBAL_V6 = ipaddr.parseCIDR(GLOBAL_UNICAST_V6);

function inBlock(
  address: ipaddr.IPv4 | ipaddr.IPv6,
  block: [ipaddr.IPv4 | ipaddr.IPv6, number],
): boolean {
  return address.kind() === block[0].kind() && address.match(block);
}

/**
 * Host names that answer with cloud instance metadata (credentials) wherever they resolve: refused
 * by name, whatever address they resolve to.
 */
const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

/**
 * Whether an outgoing request may connect to `address` (an IPv4 or IPv6 literal): only global
 * unicast addresses may. Refused: anything ipaddr.js's `range()` does not call `unicast` (so a
 * range it learns later is refused too), every block of the IANA special-purpose registries that
 * is not globally reachable, every IPv6 address outside 2000::/3 (the IPv4-compatible
 * `::127.0.0.1` included), cloud platforms' in-VM service addresses (168.63.129.16), and the IPv6
 * forms that carry an IPv4 address (IPv4-mapped — judged by the address they carry —, NAT64,
 * 6to4, Teredo). The blocks: `special-purpose-addresses.ts`.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) {
    return false;
  }
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) {
      parsed = v6.toIPv4Address();
    }
  }
  if (parsed.range() !== 'unicast') {
    return false;
  }
  if (parsed.kind() === 'ipv6' && !inBlock(parsed, GLOBAL_V6)) {
    return false;
  }
  return !REFUSED_BLOCKS.some((block) => inBlock(parsed, block));
}

/** Whether `hostname` (of a URL: brackets stripped, lower case) names a metadata service. */
export function isMetadataHost(hostname: string): boolean {
  return METADATA_HOSTS.has(hostname.replace(/\.$/, '').toLowerCase());
}

/** `hostname` of a URL without IPv6 brackets: `[::1]` → `::1`. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}
