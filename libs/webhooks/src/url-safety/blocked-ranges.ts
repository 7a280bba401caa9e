import ipaddr from 'ipaddr.js';
import type { IPv4, IPv6 } from 'ipaddr.js';

type RangeTable<T> = Record<string, [T, number][]>;

function v4(...cidrs: string[]): [IPv4, number][] {
  return cidrs.map((cidr) => ipaddr.IPv4.parseCIDR(cidr));
}
function v6(...cidrs: string[]): [IPv6, number][] {
  return cidrs.map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
}

/**
 * IPv4 ranges a webhook may never reach (IANA special-purpose registry). Named by what they
 * are, because the name ends up in the error the client reads.
 */
export const BLOCKED_IPV4: RangeTable<IPv4> = {
  unspecified: v4('0.0.0.0/8'),
  loopback: v4('127.0.0.0/8'),
  private: v4('10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'),
  'link-local': v4('169.254.0.0/16'),
  'shared (CGNAT)': v4('100.64.0.0/10'),
  'protocol assignments': v4('192.0.0.0/24'),
  documentation: v4('192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'),
  '6to4 relay': v4('192.88.99.0/24'),
  benchmarking: v4('198.18.0.0/15'),
  multicast: v4('224.0.0.0/4'),
  'reserved or broadcast': v4('240.0.0.0/4'),
};

/**
 * IPv6 ranges a webhook may never reach. Forms that embed an IPv4 address (mapped, NAT64
 * well-known prefix, 6to4) are not listed: their embedded address is judged instead.
 * Anything outside global unicast 2000::/3 is refused as well.
 */
export const BLOCKED_IPV6: RangeTable<IPv6> = {
  unspecified: v6('::/128'),
  loopback: v6('::1/128'),
  'IPv4-compatible (deprecated)': v6('::/96'),
  'IPv4-translated': v6('::ffff:0:0:0/96'),
  'local-use NAT64': v6('64:ff9b:1::/48'),
  'discard-only': v6('100::/64'),
  'protocol assignments (incl. Teredo)': v6('2001::/23'),
  documentation: v6('2001:db8::/32', '3fff::/20'),
  'unique local': v6('fc00::/7'),
  'link-local': v6('fe80::/10'),
  'site-local (deprecated)': v6('fec0::/10'),
  multicast: v6('ff00::/8'),
};

export const GLOBAL_UNICAST_IPV6 = ipaddr.IPv6.parseCIDR('2000::/3');
export const IPV4_MAPPED_IPV6 = ipaddr.IPv6.parseCIDR('::ffff:0:0/96');
export const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
export const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');
