import { isIPv4, isIPv6 } from "node:net";

/**
 * The block of addresses one visitor can be assumed to control, for keying per-address limits:
 * an IPv4 address itself, and an IPv6 address's /64. A home connection or a rented server is
 * given at least a /64 (2^64 addresses), so limits per exact IPv6 address would give whoever holds
 * one an endless supply of fresh addresses. An IPv4-mapped IPv6 address (`::ffff:203.0.113.5`,
 * as a dual-stack socket reports an IPv4 client) is the IPv4 address it carries. Anything that is
 * not an address (`unknown`) is returned as it is, so it is still one key.
 */
export function addressBlock(address: string): string {
  const bare = address.replace(/%.*$/, "");
  if (isIPv4(bare) || !isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, with `::` and an IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  const ipv4Tail = address.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  const hex = ipv4Tail
    ? address.slice(0, ipv4Tail.index) +
      [Number(ipv4Tail[1]) * 256 + Number(ipv4Tail[2]), Number(ipv4Tail[3]) * 256 + Number(ipv4Tail[4])]
        .map((n) => n.toString(16))
        .join(":")
    : address;
  const [head = "", tail] = hex.split("::");
  const parse = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
