import { createHmac, randomBytes } from 'node:crypto';

/** Header carrying the hex HMAC-SHA256 of the raw body (the established API's header). */
const T49_SIGNATURE_HEADER = 'x-t49-webhook-signature';
/** Standard Webhooks headers (https://www.standardwebhooks.com): id, unix seconds, `v1,<base64>`. */
export const STANDARD_WEBHOOK_ID_HEADER = 'webhook-id';
export const STANDARD_WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
const STANDARD_WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';

export interface SignatureInput {
  /** The webhook's secret exactly as the API shows it; its UTF-8 bytes are the HMAC key. */
  secret: string;
  /** The notification id; the same on every retry so receivers can de-duplicate. */
  id: string;
  /** Unix time in whole seconds of this attempt. */
  timestamp: number;
  /** The exact bytes that are posted. */
  body: string;
}

/** Every header a delivery is signed with; a webhook's own headers may not set them. */
export const SIGNATURE_HEADER_NAMES = [
  T49_SIGNATURE_HEADER,
  STANDARD_WEBHOOK_ID_HEADER,
  STANDARD_WEBHOOK_TIMESTAMP_HEADER,
  STANDARD_WEBHOOK_SIGNATURE_HEADER,
] as const;

export type SignatureHeaders = Record<(typeof SIGNATURE_HEADER_NAMES)[number], string>;

// A string key is taken as its UTF-8 bytes, and the digest is encoded by the hash itself: both
// about halve the cost of a signature against copying the key and the digest into Buffers
// (the dispatcher signs every attempt twice, over a body of several KB).

/** Hex HMAC-SHA256 of the raw body, keyed with the secret's UTF-8 bytes. */
export function t49Signature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

/** `v1,` + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed with the secret's UTF-8 bytes. */
export function standardWebhookSignature(input: SignatureInput): string {
  // Two updates hash the same bytes as the joined string without copying the body into it.
  return `v1,${createHmac('sha256', input.secret).update(`${input.id}.${input.timestamp}.`, 'utf8').update(input.body, 'utf8').digest('base64')}`;
}

/** Every signature header of one attempt. A retry re-signs with its own timestamp; id and body stay. */
export function signWebhook(input: SignatureInput): SignatureHeaders {
  return {
    [T49_SIGNATURE_HEADER]: t49Signature(input.secret, input.body),
    [STANDARD_WEBHOOK_ID_HEADER]: input.id,
    [STANDARD_WEBHOOK_TIMESTAMP_HEADER]: String(input.timestamp),
    [STANDARD_WEBHOOK_SIGNATURE_HEADER]: standardWebhookSignature(input),
  };
}

/** A new webhook secret: 32 random bytes as 64 lowercase hex characters. */
export function generateWebhookSecret(): string {
  return randomBytes(32).toString('hex');
}
