/**
 * The address blocks an outgoing request must never reach besides what ipaddr.js's `range()`
 * already names, copied from the registries that maintain them — not picked by hand — so a
 * reviewer can compare them line by line:
 *
 * - IANA IPv4 Special-Purpose Address Registry and IANA IPv6 Special-Purpose Address Registry
 *   (iana.org/assignments/iana-ipv4-special-registry, …/iana-ipv6-special-registry, as updated
 *   2025-01): every block whose "Globally Reachable" is False or N/A. Blocks marked True (anycast
 *   services such as 192.0.0.9/32) are left to the other rules.
 * - IANA IPv6 Address Space registry: only 2000::/3 is Global Unicast; everything else (the
 *   IPv4-compatible `::a.b.c.d` of ::/96 included, deprecated by RFC 4291) is reserved,
 *   unique-local, link-local or multicast ({@link GLOBAL_UNICAST_V6}).
 * - Cloud platforms' fixed in-VM service addresses that lie in public space, from their own
 *   documentation ({@link CLOUD_PLATFORM_ADDRESSES}).
 */
export const NON_GLOBAL_BLOCKS: readonly string[] = [
  // IPv4 Special-Purpose Address Registry, Globally Reachable = False / N/A
  '0.0.0.0/8', // "This network" (RFC 791)
  '10.0.0.0/8', // Private-Use (RFC 1918)
  '100.64.0.0/10', // Shared Address Space (RFC 6598)
  '127.0.0.0/8', // Loopback (RFC 1122)
  '169.254.0.0/16', // Link Local (RFC 3927)
  '172.16.0.0/12', // Private-Use (RFC 1918)
  '192.0.0.0/29', // IPv4 Service Continuity Prefix (RFC 7335)
  '192.0.0.8/32', // IPv4 dummy address (RFC 7600)
  '192.0.0.170/32', // NAT64/DNS64 Discovery (RFC 8880)
  '192.0.0.171/32', // NAT64/DNS64 Discovery (RFC 8880)
  '192.0.2.0/24', // Documentation TEST-NET-1 (RFC 5737)
  '192.88.99.0/24', // Deprecated 6to4 Relay Anycast (RFC 7526)
  '192.168.0.0/16', // Private-Use (RFC 1918)
  '198.18.0.0/15', // Benchmarking (RFC 2544)
  '198.51.100.0/24', // Documentation TEST-NET-2 (RFC 5737)
  '203.0.113.0/24', // Documentation TEST-NET-3 (RFC 5737)
  '240.0.0.0/4', // Reserved (RFC 1112)
  '255.255.255.255/32', // Limited Broadcast (RFC 8190)
  // IPv6 Special-Purpose Address Registry, Globally Reachable = False / N/A
  '::1/128', // Loopback Address (RFC 4291)
  '::/128', // Unspecified Address (RFC 4291)
  '::ffff:0:0/96', // IPv4-mapped Address (RFC 4291)
  '64:ff9b:1::/48', // IPv4-IPv6 Translat., local use (RFC 8215)
  '100::/64', // Discard-Only Address Block (RFC 6666)
  '100:0:0:1::/64', // Dummy IPv6 Prefix (RFC 9780)
  '2001::/32', // TEREDO (RFC 4380)
  '2001:2::/48', // Benchmarking (RFC 5180)
  '2001:10::/28', // Deprecated ORCHID (RFC 4843)
  '2001:db8::/32', // Documentation (RFC 3849)
  '2002::/16', // 6to4 (RFC 3056)
  '3fff::/20', // Documentation (RFC 9637)
  '5f00::/16', // Segment Routing (SRv6) SIDs (RFC 9602)
  'fc00::/7', // Unique-Local (RFC 4193)
  'fe80::/10', // Link-Local Unicast (RFC 4291)
  // The NAT64 well-known prefix is globally reachable, but it carries an IPv4 address inside
  // that the rule cannot judge through the translator: refused (RFC 6052).
  '64:ff9b::/96',
];

/** IANA IPv6 Address Space: Global Unicast. An IPv6 target outside it is never public. */
export const GLOBAL_UNICAST_V6 = '2000::/3';

/**
 * Fixed service addresses of cloud platforms that are reachable from inside every VM and lie in
 * public space (the link-local and unique-local ones, 169.254.169.254 and fd00:ec2::254, fall
 * under the blocks above):
 * - 168.63.129.16: Azure's virtual public IP (wire server: DHCP, DNS, health probes, the VM
 *   agent's goal state) — learn.microsoft.com/azure/virtual-network/what-is-ip-address-168-63-129-16.
 */
export const CLOUD_PLATFORM_ADDRESSES: readonly string[] = ['168.63.129.16/32'];
