/**
 * Which addresses a calendar import may connect to. A feed URL is typed by a user, so fetching
 * it is a server-side request forgery risk: only globally routable unicast addresses are
 * allowed, unless CALENDAR_IMPORT_ALLOW_PRIVATE is on (tests, self-hosted setups with feeds on
 * the local network). Unspecified, broadcast, multicast and reserved addresses are never allowed.
 */
import ipaddr from 'ipaddr.js';

/** Ranges CALENDAR_IMPORT_ALLOW_PRIVATE lets through (names as ipaddr.js gives them). */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'linkLocal', 'uniqueLocal', 'carrierGradeNat']);

/** Why an address is refused, or null when it may be connected to. */
export function refusedAddress(
  address: string,
  allowPrivate: boolean,
  allowAddresses: readonly string[] = [],
): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'not an IP address';
  }
  // ::ffff:10.0.0.1 reaches 10.0.0.1: judge the IPv4 address inside.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (allowAddresses.includes(parsed.toString())) return null;
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (allowPrivate && PRIVATE_RANGES.has(range)) return null;
  return range;
}
