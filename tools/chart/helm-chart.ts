/**
 * The chart deploy/helm/quayside through the real helm (helm-binary.ts): `helm template` split
 * into its objects, and `helm lint --strict`. Values are given as an object, passed to helm as a
 * values file on its standard input (JSON is YAML).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parse } from 'yaml';
import { helmBinary } from './helm-binary';

export const CHART_DIR = join(__dirname, '..', '..', 'deploy', 'helm', 'quayside');

export interface RenderedObject {
  /** The template file it came from, e.g. `templates/api-deployment.yaml`. */
  source: string;
  object: Record<string, unknown>;
}

export interface HelmRun {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/** Runs helm with these arguments and, when given, these values on its standard input (`-f -`). */
export function runHelm(args: readonly string[], values?: Record<string, unknown>): HelmRun {
  const result = spawnSync(helmBinary(), values === undefined ? args : [...args, '-f', '-'], {
    input: values === undefined ? '' : JSON.stringify(values),
    encoding: 'utf8',
    // No cluster, no repositories: helm reads only the chart directory.
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', HELM_NAMESPACE: 'default' },
  });
  if (result.error) throw result.error;
  return { ok: result.status === 0, stdout: result.stdout, stderr: result.stderr };
}

/** `helm template quayside <chart>`: every object with its template; throws helm's own message when rendering fails. */
export function renderChart(values: Record<string, unknown> = {}, releaseName = 'quayside'): RenderedObject[] {
  const run = runHelm(['template', releaseName, CHART_DIR], values);
  if (!run.ok) throw new Error(run.stderr.trim());
  const objects: RenderedObject[] = [];
  for (const chunk of run.stdout.split(/^---$/m)) {
    const source = /^# Source: [^/]+\/(.+)$/m.exec(chunk)?.[1];
    const object: unknown = parse(chunk);
    if (object === null || object === undefined) continue;
    if (source === undefined || typeof object !== 'object' || Array.isArray(object)) {
      throw new Error(`helm template printed something that is not an object of a template:\n${chunk}`);
    }
    objects.push({ source, object: object as Record<string, unknown> });
  }
  return objects;
}

/** `helm lint --strict <chart>`: its output when it passes; throws with it when it does not. */
export function lintChart(values: Record<string, unknown> = {}): string {
  const run = runHelm(['lint', '--strict', CHART_DIR], values);
  if (!run.ok) throw new Error(`helm lint --strict failed:\n${run.stdout}${run.stderr}`);
  return run.stdout;
}
