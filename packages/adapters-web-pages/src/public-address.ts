import { BlockList, isIP } from 'node:net';

/**
 * Which IP addresses are on the public internet. Everything the IANA special-purpose registries
 * set aside is not: a draft must never make the server talk to the household's own network, the
 * cloud's metadata service, or an address that tunnels to one of them (NAT64, 6to4, Teredo,
 * IPv4-mapped IPv6).
 *
 * request-filtering-agent checks the same at connect time (through ipaddr.js); this list is ours
 * so that an address can be refused before anything is contacted, with a reason a member can read.
 */
const IPV4_RANGES: ReadonlyArray<readonly [string, number, string]> = [
  ['0.0.0.0', 8, 'an unspecified address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT address'],
  ['127.0.0.0', 8, 'a loopback address'],
  // Where cloud metadata services live (169.254.169.254).
  ['169.254.0.0', 16, 'a link-local address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.31.196.0', 24, 'a reserved address'],
  ['192.52.193.0', 24, 'a reserved address'],
  ['192.88.99.0', 24, 'a 6to4 relay address'],
  ['192.168.0.0', 16, 'a private address'],
  ['192.175.48.0', 24, 'a reserved address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];

/** Checked in order, the first match names the reason; everything outside 2000::/3 is refused anyway. */
const IPV6_RANGES: ReadonlyArray<readonly [string, number, string]> = [
  ['::', 128, 'an unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['::ffff:0:0', 96, 'an IPv4-mapped address'],
  ['::', 96, 'an IPv4-compatible address'],
  ['64:ff9b::', 96, 'a NAT64 address'],
  ['64:ff9b:1::', 48, 'a NAT64 address'],
  ['fc00::', 7, 'a unique local address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local address'],
  ['ff00::', 8, 'a multicast address'],
  ['2001::', 32, 'a Teredo address'],
  ['2001::', 23, 'a reserved address'],
  ['2001:db8::', 32, 'a documentation address'],
  ['2002::', 16, 'a 6to4 address'],
  ['3fff::', 20, 'a documentation address'],
];

interface Range {
  list: BlockList;
  reason: string;
}

/**
 * One BlockList per range (so the first match can name itself), v4 and v6 kept apart: a v6
 * BlockList holding ::ffff:0:0/96 also matches every plain IPv4 address checked against it.
 */
function ranges(family: 'ipv4' | 'ipv6', table: ReadonlyArray<readonly [string, number, string]>): Range[] {
  return table.map(([network, prefix, reason]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, reason };
  });
}

const V4 = ranges('ipv4', IPV4_RANGES);
const V6 = ranges('ipv6', IPV6_RANGES);
const GLOBAL_UNICAST_V6 = ranges('ipv6', [['2000::', 3, '']])[0]!.list;

/**
 * Why `address` (an IP literal, without brackets) is not public, e.g. "a loopback address";
 * null for a public address. Anything that is not an IP address at all is refused too.
 */
export function nonPublicReason(address: string): string | null {
  const family = isIP(address);
  if (family === 4) {
    return V4.find((range) => range.list.check(address, 'ipv4'))?.reason ?? null;
  }
  if (family === 6) {
    const named = V6.find((range) => range.list.check(address, 'ipv6'));
    if (named) return named.reason;
    return GLOBAL_UNICAST_V6.check(address, 'ipv6') ? null : 'a reserved address';
  }
  return 'not an IP address';
}
