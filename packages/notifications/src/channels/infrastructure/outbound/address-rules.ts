import ipaddr from 'ipaddr.js';

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
 * Whether an outgoing request may connect to `address` (an IPv4 or IPv6 literal): only public
 * unicast addresses may. Refused: loopback, private, link-local (169.254.169.254, the metadata
 * service, included), unique-local, carrier-grade NAT, multicast, broadcast, unspecified,
 * reserved and documentation ranges, and the IPv6 forms that carry an IPv4 address inside
 * (IPv4-mapped — judged by the address they carry —, NAT64, 6to4, Teredo). ipaddr.js names the
 * ranges (`range()`); anything not `unicast` is refused, so a range it learns later is refused
 * too, never let through.
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
  return parsed.range() === 'unicast';
}

/** Whether `hostname` (of a URL: brackets stripped, lower case) names a metadata service. */
export function isMetadataHost(hostname: string): boolean {
  return METADATA_HOSTS.has(hostname.replace(/\.$/, '').toLowerCase());
}

/** `hostname` of a URL without IPv6 brackets: `[::1]` → `::1`. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}
