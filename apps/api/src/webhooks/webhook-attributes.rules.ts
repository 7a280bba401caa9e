import { EVENT_CATALOG, EVENT_NAMES, isEventAvailableTo } from '@quayside/domain';
import type { AccountFeature, EventName, ValidationIssue, WebhookHeader } from '@quayside/domain';
import { SIGNATURE_HEADER_NAMES } from '@quayside/webhooks';

/** Most custom headers a webhook may carry. */
export const MAX_CUSTOM_HEADERS = 20;

/**
 * Header names a webhook may not set: the ones every delivery sets itself (a receiver must be
 * able to trust the signature headers and the body framing), hop-by-hop headers that belong to
 * one connection, and headers that would change how the body or the request is read.
 */
export const FORBIDDEN_HEADER_NAMES: ReadonlySet<string> = new Set([
  'host',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'http2-settings',
  'user-agent',
  ...SIGNATURE_HEADER_NAMES,
]);

// RFC 9110 5.1: a field name is a token.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Visible ASCII, space and tab: no CR/LF (header injection) and nothing a socket would mangle.
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

const KNOWN_EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && KNOWN_EVENTS.has(value);
}

/**
 * Problems with a webhook's `events`, one issue per offending entry, pointing at it
 * (`/data/attributes/events/3`): not a known name, listed twice, or needing an account feature
 * the account lacks. Emptiness and "is an array" are the DTO's checks.
 */
export function eventIssues(
  events: readonly unknown[],
  features: readonly AccountFeature[],
  base = '/data/attributes/events',
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  events.forEach((event, index) => {
    const pointer = `${base}/${index}`;
    if (!isEventName(event)) {
      const shown = typeof event === 'string' ? `"${event}"` : (JSON.stringify(event) ?? String(event));
      issues.push({ pointer, detail: `${shown} is not a known event name; GET /v2/webhooks/events lists them.`, meta: { event } });
      return;
    }
    if (seen.has(event)) {
      issues.push({ pointer, detail: `"${event}" is listed more than once.`, meta: { event } });
      return;
    }
    seen.add(event);
    if (!isEventAvailableTo(event, features)) {
      const feature = EVENT_CATALOG[event].required_feature;
      issues.push({
        pointer,
        detail: `"${event}" needs the account feature \`${feature}\`, which this account is not enabled for.`,
        meta: { event, feature },
      });
    }
  });
  return issues;
}

/** Problems with custom headers, pointing at the offending member (`/data/attributes/headers/0/name`). */
export function headerIssues(headers: readonly WebhookHeader[], base = '/data/attributes/headers'): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (headers.length > MAX_CUSTOM_HEADERS) {
    issues.push({ pointer: base, detail: `At most ${MAX_CUSTOM_HEADERS} custom headers are allowed.` });
  }
  const seen = new Set<string>();
  headers.forEach((header, index) => {
    const name = header.name.toLowerCase();
    const pointer = `${base}/${index}`;
    if (!HEADER_NAME.test(header.name)) {
      issues.push({
        pointer: `${pointer}/name`,
        detail: `"${header.name}" is not a valid header name (letters, digits and !#$%&'*+-.^_\`|~ only).`,
      });
    } else if (FORBIDDEN_HEADER_NAMES.has(name)) {
      issues.push({
        pointer: `${pointer}/name`,
        detail: `"${header.name}" cannot be set: every delivery sets it itself, or it belongs to the connection.`,
      });
    } else if (seen.has(name)) {
      issues.push({ pointer: `${pointer}/name`, detail: `"${header.name}" is given more than once (names are case-insensitive).` });
    }
    seen.add(name);
    if (!HEADER_VALUE.test(header.value)) {
      issues.push({
        pointer: `${pointer}/value`,
        detail: 'A header value may hold visible ASCII characters, spaces and tabs only (no line breaks).',
      });
    }
  });
  return issues;
}
