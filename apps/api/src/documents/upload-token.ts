import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a two-step upload's `attached_document` (and its upload URL) carries. */
export interface UploadGrant {
  uploadId: string;
  accountId: string;
  /** Unix seconds. */
  expires: number;
  fileName: string;
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`upload\n${body}`).digest('base64url');
}

/** `<base64url JSON>.<HMAC>`: the grant cannot be changed or made up without the secret. */
export function encodeUploadGrant(secret: string, grant: UploadGrant): string {
  const body = Buffer.from(JSON.stringify([grant.uploadId, grant.accountId, grant.expires, grant.fileName])).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The grant, or `null` when the token was not made with this secret (or is not a token at all). */
export function decodeUploadGrant(secret: string, token: string): UploadGrant | null {
  const [body, signature, ...rest] = token.split('.');
  if (body === undefined || signature === undefined || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [uploadId, accountId, expires, fileName] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [
    string,
    string,
    number,
    string,
  ];
  return { uploadId, accountId, expires, fileName };
}
