'use strict';
// What `npm start` shows of the apps' JSON log lines: one line per app when it is ready,
// warnings and errors, and one short line per notable event (a tracking request's outcome, a
// delivery given up). Everything else stays out of the way; LOG_LEVEL=debug shows every line.

const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** Messages worth a line of their own at info level, and how to say them. */
const NOTABLE = [
  { pattern: /^health on (\S+)/, say: () => 'ready' },
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

module.exports = { present };
