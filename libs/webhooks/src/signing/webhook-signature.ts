import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Header carrying the hex HMAC-SHA256 of the raw body (the established API's header). */
export const T49_SIGNATURE_HEADER = 'x-t49-webhook-signature';
/** Standard Webhooks headers (https://www.standardwebhooks.com): id, unix seconds, `v1,<base64>`. */
export const STANDARD_WEBHOOK_ID_HEADER = 'webhook-id';
export const STANDARD_WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const STANDARD_WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';

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

export interface SignatureHeaders {
  'x-t49-webhook-signature': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

function hmac(secret: string, data: string): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(data, 'utf8').digest();
}

/** Hex HMAC-SHA256 of the raw body, keyed with the secret's UTF-8 bytes. */
export function t49Signature(secret: string, body: string): string {
  return hmac(secret, body).toString('hex');
}

/** `v1,` + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed with the secret's UTF-8 bytes. */
export function standardWebhookSignature(input: SignatureInput): string {
  return `v1,${hmac(input.secret, `${input.id}.${input.timestamp}.${input.body}`).toString('base64')}`;
}

/** Every signature header of one attempt. A retry re-signs with its own timestamp; id and body stay. */
export function signWebhook(input: SignatureInput): SignatureHeaders {
  return {
    'x-t49-webhook-signature': t49Signature(input.secret, input.body),
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': standardWebhookSignature(input),
  };
}

/**
 * The secret in the `whsec_<base64 key>` form Standard Webhooks libraries take: our key is the
 * secret's UTF-8 bytes, so handing this to such a library verifies `webhook-signature` unchanged.
 */
export function standardWebhooksSecret(secret: string): string {
  return `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
}

/** A new webhook secret: 32 random bytes as 64 lowercase hex characters. */
export function generateWebhookSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Checks the established API header in constant time (for the trigger endpoint's self-check and
 * for receivers written in TypeScript).
 */
export function verifyT49Signature(secret: string, body: string, signature: string): boolean {
  const expected = Buffer.from(t49Signature(secret, body), 'utf8');
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
