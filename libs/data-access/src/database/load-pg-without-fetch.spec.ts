import { execFileSync } from 'node:child_process';
import path from 'node:path';

interface Loaded {
  fetchLoaded: boolean;
  navigatorBefore: boolean;
  navigatorAfter: boolean;
  nodeStream: boolean;
}

/** What a fresh process holds after loading the module: Jest's own process has loaded pg already. */
function loadInFreshProcess(): Loaded {
  const script = [
    "const navigatorBefore = 'navigator' in globalThis;",
    `require(${JSON.stringify(path.join(__dirname, 'load-pg-without-fetch.ts'))});`,
    "const { Socket } = require('node:net');",
    "const { getStream } = require('pg/lib/stream');",
    'console.log(JSON.stringify({',
    "  fetchLoaded: process.moduleLoadList.some((name) => name.includes('undici')),",
    '  navigatorBefore,',
    "  navigatorAfter: 'navigator' in globalThis,",
    '  nodeStream: getStream(false) instanceof Socket,',
    '}));',
  ].join('\n');
  return JSON.parse(execFileSync(process.execPath, ['-r', '@swc-node/register', '-e', script], { encoding: 'utf8' })) as Loaded;
}

describe('loadPgWithoutFetch', () => {
  it("loads pg with Node's sockets, without Node's bundled fetch, and leaves globalThis as it was", () => {
    const loaded = loadInFreshProcess();
    expect(loaded).toEqual({
      fetchLoaded: false,
      navigatorBefore: loaded.navigatorBefore,
      navigatorAfter: loaded.navigatorBefore,
      nodeStream: true,
    });
  });
});
