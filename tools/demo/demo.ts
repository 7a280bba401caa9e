/**
 * `npm run demo`: the service from `npm start` seen from a client's side. Starts a webhook
 * receiver on 127.0.0.1 that verifies both signatures of every delivery, registers it for
 * every event, tracks several sandbox scenarios at once, prints each notification as it
 * arrives with a progress line, and ends with a summary table and the console URL with the key
 * to sign in with. Ctrl-C ends early; either way the webhook is then disabled, and stays with its
 * delivery history. Without QUAYSIDE_API_KEY each run has an account of its own
 * (tools/cli/demo-key.ts says why), so every run plays the scenarios from their start.
 */
import { assertServiceUp, consoleLines, createDemoKey, keyLines } from './demo-account';
import { readDemoConfig, DEMO_USAGE } from './demo-config';
import { DemoSession } from './demo-session';
import { QuaysideClient } from './quayside-client';
import { TerminalPrinter } from './terminal-printer';

async function main(): Promise<void> {
  const config = readDemoConfig(process.argv.slice(2), process.env);
  if (config.help) {
    process.stdout.write(DEMO_USAGE);
    return;
  }
  await assertServiceUp(config.baseUrl);
  const ownKey = config.apiKey === null ? createDemoKey() : null;
  const client = new QuaysideClient(config.baseUrl, config.apiKey ?? ownKey?.key ?? '');
  const printer = new TerminalPrinter();
  printer.line(`Quayside demo against ${client.apiBase}`);
  for (const line of keyLines(ownKey)) printer.line(line);

  const session = new DemoSession(client, config, printer);
  let interrupts = 0;
  const onSignal = (): void => {
    interrupts += 1;
    if (interrupts > 1) process.exit(130);
    printer.line('\nStopping (Ctrl-C again to quit at once)…');
    session.stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  await session.run();
  for (const line of consoleLines(client.apiBase, ownKey)) printer.line(line);
}

main().catch((error: unknown) => {
  console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
