import ipaddr from 'ipaddr.js';
import type { AllowList } from './address-policy';
import { EMPTY_ALLOW_LIST, blockedAddressReason, isAllowedHost, normalizeHostname } from './address-policy';
import type { HostResolver } from './resolve-host';
import { systemResolver } from './resolve-host';
import { UnsafeWebhookUrlError } from './unsafe-webhook-url.error';

export interface WebhookUrlPolicy {
  /** Accept `http:` too (local development only); otherwise only `https:`. */
  allowHttp: boolean;
  allow: AllowList;
}

/** @internal Exported for tests: tests check the policy production uses by default. */
export const STRICT_WEBHOOK_URL_POLICY: WebhookUrlPolicy = { allowHttp: false, allow: EMPTY_ALLOW_LIST };

const MAX_URL_LENGTH = 2048;

/**
 * What can be judged without DNS: scheme, credentials, and an IP literal host. The WHATWG
 * parser has already turned odd IPv4 spellings (`2130706433`, `0177.0.0.1`, `0x7f.1`) into
 * dotted quads, so the address check sees what a socket would connect to.
 */
export function checkWebhookUrlSyntax(input: string, policy: WebhookUrlPolicy): URL {
  if (input.length > MAX_URL_LENGTH) throw new UnsafeWebhookUrlError(input, `longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new UnsafeWebhookUrlError(input, 'not a valid absolute URL');
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    throw new UnsafeWebhookUrlError(input, policy.allowHttp ? 'the scheme must be https or http' : 'the scheme must be https');
  }
  if (url.username !== '' || url.password !== '') {
    throw new UnsafeWebhookUrlError(input, 'credentials in the URL are not accepted; use custom headers');
  }
  const host = normalizeHostname(url.hostname);
  if (host === '') throw new UnsafeWebhookUrlError(input, 'the URL has no host');
  if (ipaddr.isValid(host) && !isAllowedHost(host, policy.allow)) {
    const reason = blockedAddressReason(host, policy.allow);
    if (reason) throw new UnsafeWebhookUrlError(input, reason);
  }
  return url;
}

/**
 * Validates a webhook URL at creation/update time: syntax, then every address the host
 * resolves to must be public or allow-listed. Delivery checks again at connect time, since
 * DNS may answer differently later (rebinding). Returns the parsed URL.
 */
export async function assertSafeWebhookUrl(input: string, policy: WebhookUrlPolicy, resolve: HostResolver = systemResolver): Promise<URL> {
  const url = checkWebhookUrlSyntax(input, policy);
  const host = normalizeHostname(url.hostname);
  if (ipaddr.isValid(host) || isAllowedHost(host, policy.allow)) return url;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new UnsafeWebhookUrlError(input, `the host "${host}" does not resolve`);
  }
  if (addresses.length === 0) throw new UnsafeWebhookUrlError(input, `the host "${host}" does not resolve`);
  for (const address of addresses) {
    const reason = blockedAddressReason(address, policy.allow);
    if (reason) throw new UnsafeWebhookUrlError(input, `the host "${host}" resolves to ${reason}`);
  }
  return url;
}
