import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { GoTemplateSet } from './go-template';

export interface RenderedObject {
  /** The template file it came from, e.g. `templates/api-deployment.yaml`. */
  source: string;
  object: Record<string, unknown>;
}

export interface RenderOptions {
  /** Like `helm template --set/--values`: merged over values.yaml. */
  values?: Record<string, unknown>;
  releaseName?: string;
  namespace?: string;
  /** Like `helm install` (true) or `helm upgrade` (false). */
  install?: boolean;
}

function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Helm's merge of user values over the chart's: maps merge key by key, anything else replaces, null deletes. */
export function mergeValues(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === null) delete merged[key];
    else if (isMap(value) && isMap(merged[key])) merged[key] = mergeValues(merged[key], value);
    else merged[key] = value;
  }
  return merged;
}

/** Chart.yaml's keys as Helm exposes them under `.Chart` (`name` → `Name`). */
function chartObject(chart: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(chart).map(([key, value]) => [key.charAt(0).toUpperCase() + key.slice(1), value]));
}

/**
 * `helm template` for this repository's chart without a helm binary (none is packaged for
 * Debian or npm): values merged, every file under templates/ rendered (files starting with `_`
 * only define), and the output split into Kubernetes objects. Only what the chart uses of Go
 * templates is supported (see go-template-parser.ts); docs/deploy.md says how to use real helm.
 */
export function renderChart(chartDir: string, options: RenderOptions = {}): RenderedObject[] {
  const chart = parse(readFileSync(join(chartDir, 'Chart.yaml'), 'utf8')) as Record<string, unknown>;
  const defaults = (parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8')) ?? {}) as Record<string, unknown>;
  const values = mergeValues(defaults, options.values ?? {});
  const templates = new GoTemplateSet();
  const files = readdirSync(join(chartDir, 'templates'))
    .filter((file) => /\.(ya?ml|tpl)$/.test(file))
    .sort();
  const chartName = String(chart.name);
  for (const file of files) templates.add(`${chartName}/templates/${file}`, readFileSync(join(chartDir, 'templates', file), 'utf8'));

  const install = options.install ?? true;
  const objects: RenderedObject[] = [];
  for (const file of files.filter((name) => !name.startsWith('_'))) {
    const name = `${chartName}/templates/${file}`;
    const context = {
      Values: values,
      Chart: chartObject(chart),
      Release: {
        Name: options.releaseName ?? 'quayside',
        Namespace: options.namespace ?? 'default',
        Service: 'Helm',
        IsInstall: install,
        IsUpgrade: !install,
        Revision: 1,
      },
      Template: { Name: name, BasePath: `${chartName}/templates` },
      Capabilities: { KubeVersion: { Version: 'v1.30.0', Major: '1', Minor: '30' } },
    };
    let rendered: string;
    try {
      rendered = templates.execute(name, context);
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`);
    }
    for (const document of parseAllDocuments(rendered)) {
      const [error] = document.errors;
      if (error !== undefined) throw new Error(`templates/${file} renders invalid YAML: ${error.message}\n${rendered}`);
      const object: unknown = document.toJS();
      if (object === null || object === undefined) continue;
      if (!isMap(object)) throw new Error(`templates/${file} renders something that is not an object`);
      objects.push({ source: `templates/${file}`, object });
    }
  }
  return objects;
}
