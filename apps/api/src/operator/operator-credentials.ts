import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * True when the Authorization header carries the operator token, as `Bearer <token>` (scripts,
 * Prometheus) or as Basic credentials `operator:<token>` (a browser opening the dashboard).
 * Compared through fixed-length digests in constant time.
 */
export function isOperator(authorization: string | undefined, token: string): boolean {
  if (!authorization) return false;
  const [scheme, value = ''] = authorization.trim().split(/\s+/, 2);
  let presented: string | null = null;
  if (scheme?.toLowerCase() === 'bearer') presented = value;
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0 && decoded.slice(0, colon) === 'operator') presented = decoded.slice(colon + 1);
  }
  return presented !== null && timingSafeEqual(digest(presented), digest(token));
}
