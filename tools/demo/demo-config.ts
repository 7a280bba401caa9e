import { parseArgs } from 'node:util';

/** What `npm run demo` reads from its command line and environment; nothing else in tools/demo does. */
export interface DemoConfig {
  baseUrl: string;
  /** Null: the demo makes an account and key of its own for the run (tools/cli/demo-key.ts). */
  apiKey: string | null;
  numbers: string[];
  scac: string;
  timeoutSeconds: number;
  receiverPort: number;
  help: boolean;
}

/** Several scenarios at once: a whole journey, a bill with three containers, holds, rail, a late manifest, a failure. */
export const DEFAULT_NUMBERS = [
  'TEST-TR-FULL-LIFECYCLE',
  'TEST-TR-MULTI-CONTAINER',
  'TEST-TR-HOLDS',
  'TEST-TR-RAIL',
  'TEST-TR-AWAITING-MANIFEST',
  'TEST-TR-FAILED',
];

export const DEMO_USAGE = `Usage: npm run demo [-- options]

Tracks sandbox numbers against a running Quayside (npm start), receives the webhook
notifications on a local receiver that verifies their signatures, and prints them.

  --base-url <url>       the service (env QUAYSIDE_BASE_URL; default http://127.0.0.1:3000)
  --api-key <key>        an API key (env QUAYSIDE_API_KEY; default: a paid account and key of its own
                         for this run, made in DATABASE_URL by tools/cli/demo-key.ts)
  --numbers <a,b,...>    sandbox numbers to track (default ${DEFAULT_NUMBERS.join(',')})
  --timeout <seconds>    stop waiting after this long (env QUAYSIDE_DEMO_TIMEOUT_SECONDS; default 420)
  --receiver-port <n>    port of the local receiver (default: any free port)
`;

function positive(value: string, name: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${name} must be a whole number, not "${value}"`);
  return number;
}

export function readDemoConfig(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): DemoConfig {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      numbers: { type: 'string' },
      timeout: { type: 'string' },
      'receiver-port': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const numbers = (values.numbers ?? DEFAULT_NUMBERS.join(','))
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (numbers.length === 0) throw new Error('--numbers names no number');
  const apiKey = (values['api-key'] ?? env['QUAYSIDE_API_KEY'] ?? '').trim();
  return {
    baseUrl: values['base-url'] ?? env['QUAYSIDE_BASE_URL'] ?? 'http://127.0.0.1:3000',
    apiKey: apiKey === '' ? null : apiKey,
    numbers: [...new Set(numbers)],
    scac: 'TEST',
    timeoutSeconds: positive(values.timeout ?? env['QUAYSIDE_DEMO_TIMEOUT_SECONDS'] ?? '420', '--timeout'),
    receiverPort: positive(values['receiver-port'] ?? '0', '--receiver-port'),
    help: values.help,
  };
}
