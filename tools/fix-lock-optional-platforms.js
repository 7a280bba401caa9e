#!/usr/bin/env node
// The registry this project installs from serves only the Linux builds of a few native
// packages (@swc/core, msgpackr-extract). npm then leaves the other platforms' optional
// packages out of package-lock.json, and `npm ci` refuses the lock as out of sync. This adds
// each missing optional platform package as a lock entry with its os/cpu/libc, so `npm ci`
// skips it on this machine as it would on any lock made where the registry has them all.
// Run after `npm install` changes the lock: `node tools/fix-lock-optional-platforms.js`.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const lockPath = path.resolve(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

function platformOf(name) {
  const os = ['darwin', 'linux', 'win32', 'freebsd', 'android'].find((o) => name.includes(`-${o}`));
  const cpu = ['arm64', 'x64', 'ia32', 'ppc64', 's390x', 'riscv64', 'arm'].find((c) => new RegExp(`-${c}(-|$)`).test(name));
  const libc = /-musl(-|$)/.test(name) ? 'musl' : /-(gnu|gnueabihf)(-|$)/.test(name) ? 'glibc' : null;
  return { os, cpu, libc };
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = key ? `${key}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || !cpu) throw new Error(`cannot tell the platform of ${dep}; add its lock entry by hand`);
    const unscoped = dep.split('/').pop();
    packages[`node_modules/${dep}`] = {
      version,
      resolved: `https://registry.npmjs.org/${dep}/-/${unscoped}-${version}.tgz`,
      cpu: [cpu],
      license: entry.license,
      optional: true,
      os: [os],
      ...(libc ? { libc: [libc] } : {}),
      engines: entry.engines,
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} optional platform entries to package-lock.json`);
