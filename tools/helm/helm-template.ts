/**
 * `npm run helm:template -- [--values file.yaml]... [--set path.to.key=value]...`: prints the
 * chart's manifests as `helm template` would, for a machine without helm (docs/deploy.md).
 * `--set` values are parsed as YAML scalars (`true`, `3`, `"text"`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { mergeValues, renderChart } from './render-chart';

function setPath(path: string, value: unknown): Record<string, unknown> {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

function main(args: string[]): void {
  let values: Record<string, unknown> = {};
  for (let i = 0; i < args.length; i += 2) {
    const [flag, argument] = [args[i], args[i + 1]];
    if (argument === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--values' || flag === '-f')
      values = mergeValues(values, (parse(readFileSync(argument, 'utf8')) ?? {}) as Record<string, unknown>);
    else if (flag === '--set') {
      const equals = argument.indexOf('=');
      if (equals < 1) throw new Error(`--set wants path=value, got ${argument}`);
      values = mergeValues(values, setPath(argument.slice(0, equals), parse(argument.slice(equals + 1)) as unknown));
    } else throw new Error(`unknown option ${flag} (--values file, --set path=value)`);
  }
  const objects = renderChart(join(__dirname, '..', '..', 'deploy', 'helm', 'quayside'), { values });
  process.stdout.write(objects.map(({ source, object }) => `---\n# Source: quayside/${source}\n${stringify(object)}`).join(''));
}

try {
  main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
}
