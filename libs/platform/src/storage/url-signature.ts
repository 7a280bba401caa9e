import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed local download URL carries besides the key. */
export interface SignedDownload {
  key: string;
  /** Unix seconds after which the URL is refused. */
  expires: number;
  fileName: string;
  contentType: string;
}

function payload(download: SignedDownload): string {
  return [download.key, String(download.expires), download.fileName, download.contentType].join('\n');
}

/** HMAC-SHA256 over everything the URL promises, so neither the file nor its expiry can be changed. */
export function signDownload(secret: string, download: SignedDownload): string {
  return createHmac('sha256', secret).update(payload(download)).digest('base64url');
}

/** `valid`, `expired` or `invalid` (a wrong signature answers the same whether or not it expired). */
export function verifyDownload(
  secret: string,
  download: SignedDownload,
  signature: string,
  nowSeconds: number,
): 'valid' | 'expired' | 'invalid' {
  const expected = Buffer.from(signDownload(secret, download));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return download.expires < nowSeconds ? 'expired' : 'valid';
}
