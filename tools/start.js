#!/usr/bin/env node
// `npm start`: the whole service on one machine. Applies migrations and reference data,
// makes sure the demo account exists (printing its key), then runs api, tracker-worker and
// webhook-dispatcher side by side, every line tagged with its app. Ctrl-C stops all three;
// each finishes or hands back its jobs in flight (Nest shutdown hooks close Bull cleanly).
// `--compiled` (`npm run start:prod`) runs the production build in dist/ with plain node, as
// the Docker image does, instead of compiling TypeScript at run time (about a third the memory).
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { spawn } = require('node:child_process');
const readline = require('node:readline');
const { banner, opsAddress, present } = require('./start-output');
// Young-generation semi-spaces sized per app, and a slower-growing old generation that keeps a busy
// app within its 250 MB budget (docs/architecture.md, "Memory"); the image, the bench and the e2e tests read
// the same lists.
const NODE_FLAGS = require('../libs/runtime/src/compiled-node-flags.json');

const root = path.resolve(__dirname, '..');
const compiled = process.argv.includes('--compiled');
// Developer mode compiles TypeScript as it loads; compiled mode runs dist/ (npm run build).
const script = (file) =>
  compiled
    ? [...(NODE_FLAGS[file.split('/')[1]] || NODE_FLAGS.default), 'dist/' + file.replace(/\.ts$/, '.js')]
    : ['-r', '@swc-node/register', file];
// LOG_LEVEL=debug (or trace) shows every line of every app; otherwise only what present() keeps.
const verbose = ['debug', 'trace'].includes(process.env.LOG_LEVEL || '');
const env = {
  ...process.env,
  // The apps write JSON lines; this script decides what to show of them.
  LOG_FORMAT: 'json',
  LOG_LEVEL: process.env.LOG_LEVEL || 'info',
  // Local development: webhooks to a receiver on this machine (npm run demo) are allowed.
  WEBHOOK_ALLOW_HTTP: process.env.WEBHOOK_ALLOW_HTTP || 'true',
  WEBHOOK_ALLOWED_HOSTS: process.env.WEBHOOK_ALLOWED_HOSTS || '127.0.0.1,localhost,::1',
  // Sandbox scenarios play a day in a few seconds so a full lifecycle fits in a demo.
  SANDBOX_CLOCK_COMPRESSION: process.env.SANDBOX_CLOCK_COMPRESSION || '17280',
  // Email submissions: the api accepts mail on a fixed local port (docs/documents.md "Email submissions").
  SMTP_ENABLED: process.env.SMTP_ENABLED || 'true',
  SMTP_PORT: process.env.SMTP_PORT || '2525',
  INBOUND_EMAIL_DOMAIN: process.env.INBOUND_EMAIL_DOMAIN || 'inbound.localhost',
};

function step(title, file) {
  const result = spawnSync(process.execPath, script(file), { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(result.stdout || '');
    console.error(`\n${title} failed; is PostgreSQL running at ${env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/quayside'}?`);
    process.exit(result.status || 1);
  }
  return result.stdout;
}

step('Applying migrations and reference data', 'tools/cli/migrate.ts');
const demo = JSON.parse(step('Preparing the demo account', 'tools/cli/ensure-demo-account.ts'));

const port = env.PORT || '3000';
const host = env.HOST || '127.0.0.1';
const base = env.PUBLIC_BASE_URL || `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
/** Where each worker serves health and metrics, as its "health on" line says (OPS_PORT is a free port by default). */
const ops = {};
function printBanner() {
  console.log(
    banner({
      base,
      demo,
      smtp:
        env.SMTP_ENABLED === 'true'
          ? `smtp://${env.SMTP_HOST || '127.0.0.1'}:${env.SMTP_PORT} accepts mail to ${demo.accountId}@${env.INBOUND_EMAIL_DOMAIN}`
          : null,
      ops,
    }),
  );
}

// The banner comes once the api answers ready and both workers said where their metrics are, so the addresses it prints work.
async function announceWhenReady() {
  for (let i = 0; i < 240; i += 1) {
    try {
      const response = await fetch(`${base}/health/ready`);
      if (response.ok && (Object.keys(ops).length === 2 || i >= 60)) {
        console.log(`${process.stdout.isTTY ? '\u001b[36m[api]\u001b[0m' : '[api]'} ready`);
        return printBanner();
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error(`The api did not answer ready at ${base}/health/ready within two minutes; see its log lines above.`);
}

const apps = ['api', 'tracker-worker', 'webhook-dispatcher'];
const colors = { api: 36, 'tracker-worker': 33, 'webhook-dispatcher': 35 };
const children = apps.map((name) => {
  const child = spawn(process.execPath, script(`apps/${name}/src/main.ts`), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const tag = process.stdout.isTTY ? `\u001b[${colors[name]}m[${name}]\u001b[0m` : `[${name}]`;
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      const address = opsAddress(line);
      if (address !== null) ops[name] = address;
      const shown = present(line, verbose);
      if (shown !== null) console.log(`${tag} ${shown}`);
    });
  }
  return { name, child };
});
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
  Promise.all(children.map(({ child }) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null))).then(
    () => process.exit(code),
  );
}
// One app failing stops the others (as a deployment's supervisor would restart the set).
for (const { name, child } of children) {
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${name}] exited (${signal ?? code}); stopping the others`);
      stopAll(code === 0 ? 0 : 1);
    }
  });
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
void announceWhenReady();
