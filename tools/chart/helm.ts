/**
 * `npm run helm -- <arguments>`: the real helm of helm-binary.ts, for a machine without one,
 * e.g. `npm run helm -- template quayside deploy/helm/quayside --set ingress.enabled=true`.
 */
import { spawnSync } from 'node:child_process';
import { helmBinary } from './helm-binary';

const result = spawnSync(helmBinary(), process.argv.slice(2), { stdio: 'inherit' });
if (result.error) throw result.error;
process.exitCode = result.status ?? 1;
