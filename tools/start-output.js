'use strict';
// What `npm start` shows of the apps' JSON log lines: one line per app when it is ready,
// warnings and errors, and one short line per notable event (a tracking request's outcome, a
// delivery given up). Everything else stays out of the way; LOG_LEVEL=debug shows every line.

const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** Messages worth a line of their own at info level, and how to say them. */
const NOTABLE = [
  { pattern: /^health on (https?:\/\/[^/\s]+)/, say: (m) => `ready (health and metrics on ${m[1]})` },
  { pattern: /^tracking request (\S+): (\S+)/, say: (m) => `tracking request ${m[1]} → ${m[2]}` },
  { pattern: /^container (\S+) refreshed on request: (\S+)/, say: (m) => `container ${m[1]} refreshed on request → ${m[2]}` },
];

/**
 * The line to print for one line of an app's output, or null to leave it out. Lines that are
 * not JSON (a crash before the logger exists) are always shown.
 */
function present(line, verbose) {
  if (line.trim() === '') return null;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null || typeof entry.level !== 'number') return line;
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  if (verbose)
    return `${LEVELS[entry.level] ?? entry.level} ${message}${entry.req ? ` ${entry.req.method} ${entry.req.url} → ${entry.res?.statusCode ?? ''}` : ''}`;
  if (entry.level >= 40) {
    const error = entry.err && typeof entry.err.message === 'string' ? `: ${entry.err.message}` : '';
    return `${LEVELS[entry.level]} ${message}${error}`;
  }
  for (const notable of NOTABLE) {
    const match = notable.pattern.exec(message);
    if (match) return notable.say(match);
  }
  return null;
}

/** The ops address (health and metrics) a worker's line announces, e.g. `http://127.0.0.1:40111`; null for any other line. */
function opsAddress(line) {
  const match = /"msg":"health on (https?:\/\/[^/"\s]+)\/health\/ready"/.exec(line);
  return match ? match[1] : null;
}

/**
 * The banner `npm start` prints once the api answers ready: where everything is, the key to use
 * and how to get another, and the workers' metrics addresses (OPS_PORT is a free port by default).
 */
function banner({ base, demo, smtp, ops }) {
  const key = demo.key
    ? [`  Demo API key   ${demo.key}`, '                 (shown this once: keep it; a new one any time: npm run demo:key)']
    : [`  Demo API key   ${demo.masked}, shown in full on the first start; a new one: npm run demo:key`];
  const metrics = Object.entries(ops).map(([app, address]) => `${app} ${address}/metrics`);
  return [
    '',
    'Quayside is running',
    `  API base URL   ${base}/v2`,
    `  API docs       ${base}/docs`,
    `  Console        ${base}/console   (sign in with an API key)`,
    `  MCP server     ${base}/mcp   (for assistants; header Authorization: Bearer <API key>)`,
    ...key,
    `  Try            curl -H "Authorization: Token <key>" ${base}/v2/shipping_lines`,
    ...(smtp ? [`  Email in       ${smtp}`] : []),
    `  Metrics        api ${base}/metrics${metrics.length > 0 ? ` · ${metrics.join(' · ')}` : ''}`,
    '  Demo           npm run demo   (in another terminal; it prints the console URL and the key to sign in with)',
    '  Stop           Ctrl-C',
    '',
  ].join('\n');
}

module.exports = { present, opsAddress, banner };
