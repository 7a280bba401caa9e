import ipaddr from 'ipaddr.js';
import type { IPv4, IPv6 } from 'ipaddr.js';
import { BLOCKED_IPV4, BLOCKED_IPV6, GLOBAL_UNICAST_IPV6, IPV4_MAPPED_IPV6, NAT64_WELL_KNOWN, SIX_TO_FOUR } from './blocked-ranges';

/** Where webhooks may go besides the public internet (local development, tests). */
export interface AllowList {
  /** Host names allowed whatever they resolve to, lower case, e.g. `localhost`. */
  hosts: ReadonlySet<string>;
  /** Addresses and CIDR ranges allowed although special, e.g. 127.0.0.1 or 10.1.0.0/16. */
  ranges: readonly [IPv4 | IPv6, number][];
}

export const EMPTY_ALLOW_LIST: AllowList = { hosts: new Set(), ranges: [] };

/**
 * Reads `WEBHOOK_ALLOWED_HOSTS`-style entries (comma or whitespace separated): an IP address
 * (`127.0.0.1`, `::1`, `[::1]`) or CIDR range allows addresses, anything else is a host name.
 */
export function parseAllowList(entries: string | readonly string[]): AllowList {
  const list = typeof entries === 'string' ? entries.split(/[\s,]+/) : entries;
  const hosts = new Set<string>();
  const ranges: [IPv4 | IPv6, number][] = [];
  for (const raw of list) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1');
    if (entry === '') continue;
    if (ipaddr.isValidCIDR(entry)) ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const address = ipaddr.parse(entry);
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else hosts.add(entry.replace(/\.$/, ''));
  }
  return { hosts, ranges };
}

export function isAllowedHost(hostname: string, allow: AllowList): boolean {
  return allow.hosts.has(normalizeHostname(hostname));
}

/** URL host names carry IPv6 in brackets and may end with a root dot. */
export function normalizeHostname(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

function matchesAny(address: IPv4 | IPv6, ranges: readonly [IPv4 | IPv6, number][]): boolean {
  return ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}

function ipv4Reason(address: IPv4): string | null {
  const name = ipaddr.subnetMatch(address, BLOCKED_IPV4, 'public');
  return name === 'public' ? null : name;
}

function embeddedIpv4(address: IPv6): { form: string; ipv4: IPv4 } | null {
  const bytes = address.toByteArray();
  if (address.match(IPV4_MAPPED_IPV6)) return { form: 'IPv4-mapped', ipv4: address.toIPv4Address() };
  if (address.match(NAT64_WELL_KNOWN)) return { form: 'NAT64', ipv4: new ipaddr.IPv4(bytes.slice(12, 16)) };
  if (address.match(SIX_TO_FOUR)) return { form: '6to4', ipv4: new ipaddr.IPv4(bytes.slice(2, 6)) };
  return null;
}

/**
 * Why a webhook may not connect to this address, or null when it may: a public unicast
 * address, or one the allow list names. IPv6 forms that embed IPv4 are judged by the IPv4
 * address inside. Input is a canonical address as DNS or the URL parser gives it.
 */
export function blockedAddressReason(text: string, allow: AllowList = EMPTY_ALLOW_LIST): string | null {
  if (!ipaddr.isValid(text)) return `"${text}" is not an IP address`;
  const address = ipaddr.parse(text);
  if (matchesAny(address, allow.ranges)) return null;
  if (address.kind() === 'ipv4') {
    const reason = ipv4Reason(address as IPv4);
    return reason === null ? null : `${text} is a ${reason} address`;
  }
  const v6address = address as IPv6;
  const embedded = embeddedIpv4(v6address);
  if (embedded) {
    if (matchesAny(embedded.ipv4, allow.ranges)) return null;
    const reason = ipv4Reason(embedded.ipv4);
    return reason === null ? null : `${text} is the ${embedded.form} form of ${embedded.ipv4.toString()}, a ${reason} address`;
  }
  const name = ipaddr.subnetMatch(v6address, BLOCKED_IPV6, 'public');
  if (name !== 'public') return `${text} is a ${name} address`;
  if (!v6address.match(GLOBAL_UNICAST_IPV6)) return `${text} is not a global unicast address`;
  return null;
}
