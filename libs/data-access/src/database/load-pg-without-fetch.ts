import { createRequire } from 'node:module';

/**
 * Loads `pg` with a `navigator` standing in while it loads, then takes the stand-in away.
 * `pg` asks as it loads whether it runs on Cloudflare Workers: by `navigator.userAgent` where
 * the runtime has a `navigator` (Node 21 and later), otherwise by building a `Response` to see
 * whether it keeps a `cf` property. On Node 20, which has no `navigator`, that one `Response`
 * loads Node's bundled fetch (undici: about a hundred internal modules, some 4 MB of RSS an
 * idle process keeps; docs/architecture.md, "Memory") in every app, none of which uses the
 * global `fetch`. The stand-in answers as Node 21 does, so `pg` takes the same Node streams
 * it took before. Nothing else loads while it stands; a no-op where the runtime has a
 * `navigator` of its own or `pg` is loaded already.
 */
export function loadPgWithoutFetch(): void {
  if ('navigator' in globalThis) return;
  Object.defineProperty(globalThis, 'navigator', {
    value: { userAgent: `Node.js/${process.versions.node.split('.')[0] ?? ''}` },
    configurable: true,
    writable: true,
  });
  try {
    createRequire(__filename)('pg');
  } finally {
    Reflect.deleteProperty(globalThis, 'navigator');
  }
}

loadPgWithoutFetch();
