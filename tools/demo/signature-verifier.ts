import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a receiver does with each delivery, written from docs/webhooks.md alone (not with the
 * service's signing code), so the demo shows that a client following the docs accepts them.
 */
export type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: 'missing_header' | 't49_signature_mismatch' | 'timestamp_out_of_tolerance' | 'webhook_signature_mismatch' };

export type HeaderBag = Readonly<Record<string, string | string[] | undefined>>;

/** Replays older than this (or clocks this far apart) are refused, as the docs advise. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

function header(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

// The key is the secret's UTF-8 bytes as the API returned it: not hex- or base64-decoded.
function hmac(secret: string, data: Buffer): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(data).digest();
}

/**
 * Checks both signatures of one delivery over the raw bytes received: `X-T49-Webhook-Signature`
 * (hex HMAC-SHA256 of the body) and the Standard Webhooks `webhook-signature` (`v1,<base64>` of
 * `${webhook-id}.${webhook-timestamp}.${body}`, one of possibly several space-separated), with
 * `webhook-timestamp` within `toleranceSeconds` of `nowSeconds`.
 */
export function verifyWebhookSignatures(
  secret: string,
  headers: HeaderBag,
  rawBody: Buffer,
  nowSeconds: number,
  toleranceSeconds: number = DEFAULT_TOLERANCE_SECONDS,
): SignatureCheck {
  const t49 = header(headers, 'x-t49-webhook-signature');
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (t49 === undefined || id === undefined || timestamp === undefined || signatures === undefined)
    return { ok: false, reason: 'missing_header' };

  if (!sameText(t49.trim().toLowerCase(), hmac(secret, rawBody).toString('hex'))) return { ok: false, reason: 't49_signature_mismatch' };

  const seconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - seconds) > toleranceSeconds)
    return { ok: false, reason: 'timestamp_out_of_tolerance' };

  const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`, 'utf8'), rawBody]);
  const expected = `v1,${hmac(secret, signed).toString('base64')}`;
  const matches = signatures.split(' ').some((candidate) => sameText(candidate, expected));
  return matches ? { ok: true } : { ok: false, reason: 'webhook_signature_mismatch' };
}
