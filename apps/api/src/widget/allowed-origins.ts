import { unprocessableEntity } from '@quayside/domain';

const MAX_ORIGINS = 20;

/**
 * The `allowed_origins` of a widget key: 1 to 20 origins, each `https://host[:port]` (or
 * `http://` for localhost, for development), with no path, query or wildcard — an origin is what
 * a browser sends and what Content-Security-Policy `frame-ancestors` matches. Answers them
 * normalized (lowercase host, default port dropped), or a 422 naming the first bad entry.
 */
export function parseAllowedOrigins(value: unknown, pointer = '/data/attributes/allowed_origins'): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw unprocessableEntity({ pointer, detail: 'allowed_origins must be a list of 1 to 20 origins, e.g. ["https://www.example.com"].' });
  }
  if (value.length > MAX_ORIGINS)
    throw unprocessableEntity({ pointer, detail: `allowed_origins may list at most ${MAX_ORIGINS} origins.` });
  const origins = value.map((entry: unknown, index) => {
    const origin = typeof entry === 'string' ? originOf(entry) : null;
    if (origin === null) {
      throw unprocessableEntity({
        pointer: `${pointer}/${index}`,
        detail: `${JSON.stringify(entry)} is not an origin: give scheme and host only, e.g. https://www.example.com or https://shop.example.com:8443 (http only for localhost).`,
      });
    }
    return origin;
  });
  return [...new Set(origins)];
}

function originOf(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) return null;
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return null;
  return url.origin;
}

/** Whether a browser's `Origin` header is one of `allowed` (exact origin match). */
export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  const normalized = originOf(origin) ?? origin;
  return allowed.includes(normalized);
}
