/**
 * Which addresses a calendar import may connect to. A feed URL is typed by a user, so fetching
 * it is a server-side request forgery risk: only globally routable unicast addresses are
 * allowed, unless CALENDAR_IMPORT_ALLOW_PRIVATE is on (tests, self-hosted setups with feeds on
 * the local network). Unspecified, broadcast, multicast and reserved addresses are never allowed.
 * An IPv6 address that carries an IPv4 address (mapped, compatible, 6to4, Teredo, NAT64) is
 * judged by the IPv4 address inside, since that is where its packets end up.
 */
import ipaddr from 'ipaddr.js';

/** Ranges CALENDAR_IMPORT_ALLOW_PRIVATE lets through (names as ipaddr.js gives them). */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'linkLocal', 'uniqueLocal', 'carrierGradeNat']);

const v4At = (bytes: number[], at: readonly number[]) => new ipaddr.IPv4(at.map((i) => bytes[i]!));

/** The IPv4 addresses an IPv6 address reaches through, or none when it is plain IPv6. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4[] {
  const bytes = v6.toByteArray();
  const last = v4At(bytes, [12, 13, 14, 15]);
  switch (v6.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d (IPv4-translated)
      return [last];
    case '6to4': // 2002:AABB:CCDD::/48
      return [v4At(bytes, [2, 3, 4, 5])];
    case 'teredo': // 2001:0:<server>:<flags>:<port>:<client, inverted>
      return [v4At(bytes, [4, 5, 6, 7]), new ipaddr.IPv4(bytes.slice(12).map((b) => b ^ 0xff))];
    case 'rfc6052':
      // 64:ff9b::/96 ends with the address. The local-use 64:ff9b:1::/48 (RFC 8215) is cut at /48 to
      // /96 as its operator chooses, so the address inside cannot be told: it stays refused whatever it holds.
      return bytes[5] === 1 ? [] : [last];
    case 'unicast':
      // ::a.b.c.d (IPv4-compatible, deprecated but still routed by some stacks); :: and ::1 have their own ranges.
      return bytes.slice(0, 12).every((b) => b === 0) ? [last] : [];
    default:
      return [];
  }
}

function judge(address: ipaddr.IPv4 | ipaddr.IPv6, allowPrivate: boolean, allowAddresses: readonly string[]) {
  if (allowAddresses.includes(address.toString())) return null;
  const range = address.range();
  if (range === 'unicast') return null;
  if (allowPrivate && PRIVATE_RANGES.has(range)) return null;
  return range;
}

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
  if (parsed.kind() === 'ipv4') return judge(parsed, allowPrivate, allowAddresses);
  const inside = embeddedIPv4(parsed as ipaddr.IPv6);
  if (!inside.length) return judge(parsed, allowPrivate, allowAddresses);
  // Every IPv4 address it may reach must pass (Teredo names two; a local NAT64 prefix has several readings).
  for (const v4 of inside) {
    const why = judge(v4, allowPrivate, allowAddresses);
    if (why) return why;
  }
  return null;
}
