import { createHash } from 'node:crypto';
import { stringify } from 'yaml';

/** Values in a template are whatever YAML values parse into, so functions take `unknown`. */
export type TemplateFunction = (...args: unknown[]) => unknown;

/** Go's truth: false, 0, nil and empty strings, lists and maps are false. */
export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** How Go's fmt prints a value (`%v`); no value prints as Helm prints it, empty. */
export function printValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return `[${value.map(printValue).join(' ')}]`;
  if (typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${key}:${printValue((value as Record<string, unknown>)[key])}`);
    return `map[${entries.join(' ')}]`;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`cannot print a ${typeof value}`);
}

function text(value: unknown): string {
  return printValue(value);
}

function number(value: unknown, name: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  throw new Error(`${name}: ${printValue(value)} is not a number`);
}

function indent(width: unknown, value: unknown): string {
  const pad = ' '.repeat(number(width, 'indent'));
  return text(value)
    .split('\n')
    .map((line) => pad + line)
    .join('\n');
}

/** Go's `printf` for the verbs a chart uses: %s, %v, %d and %q. */
function printf(format: unknown, ...args: unknown[]): string {
  let next = 0;
  return text(format).replace(/%[svdq%]/g, (verb) => {
    if (verb === '%%') return '%';
    const arg = args[next];
    next += 1;
    if (verb === '%q') return JSON.stringify(text(arg));
    if (verb === '%d') return String(Math.trunc(number(arg, 'printf %d')));
    return text(arg);
  });
}

function compare(name: string, test: (a: number | string, b: number | string) => boolean): TemplateFunction {
  return (a, b) => {
    if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string'))
      throw new Error(`${name}: incompatible types for comparison`);
    return test(a, b as number | string);
  };
}

/**
 * Helm's functions (Sprig's and its own) that the chart uses, with Helm's argument order
 * (the piped value comes last). `toYaml` sorts map keys and drops the final newline, as
 * Helm's does.
 */
export const HELM_FUNCTIONS: Record<string, TemplateFunction> = {
  toYaml: (value) =>
    value === null || value === undefined ? 'null' : stringify(value, { sortMapEntries: true, lineWidth: 0 }).replace(/\n$/, ''),
  indent,
  nindent: (width, value) => `\n${indent(width, value)}`,
  quote: (...values) => values.map((value) => JSON.stringify(text(value))).join(' '),
  squote: (...values) => values.map((value) => `'${text(value)}'`).join(' '),
  default: (fallback, ...given) => (given.length === 0 || !isTruthy(given[0]) ? fallback : given[0]),
  required: (message, value) => {
    if (value === null || value === undefined || value === '') throw new Error(`execution error: ${text(message)}`);
    return value;
  },
  fail: (message) => {
    throw new Error(`execution error: ${text(message)}`);
  },
  empty: (value) => !isTruthy(value),
  not: (value) => !isTruthy(value),
  eq: (a, ...others) => others.some((other) => (a ?? null) === (other ?? null)),
  ne: (a, b) => (a ?? null) !== (b ?? null),
  lt: compare('lt', (a, b) => a < b),
  le: compare('le', (a, b) => a <= b),
  gt: compare('gt', (a, b) => a > b),
  ge: compare('ge', (a, b) => a >= b),
  print: (...values) => values.map((value: unknown) => text(value)).join(''),
  printf,
  toString: (value: unknown) => text(value),
  int: (value) => Math.trunc(number(value ?? 0, 'int')),
  trunc: (length, value) => text(value).slice(0, number(length, 'trunc')),
  trimSuffix: (suffix, value) =>
    text(value).endsWith(text(suffix)) ? text(value).slice(0, text(value).length - text(suffix).length) : text(value),
  lower: (value) => text(value).toLowerCase(),
  replace: (from, to, value) => text(value).split(text(from)).join(text(to)),
  contains: (part, value) => text(value).includes(text(part)),
  b64enc: (value) => Buffer.from(text(value)).toString('base64'),
  sha256sum: (value) => createHash('sha256').update(text(value)).digest('hex'),
  hasKey: (map, key) => map !== null && typeof map === 'object' && Object.prototype.hasOwnProperty.call(map, text(key)),
  dict: (...pairs) => {
    const map: Record<string, unknown> = {};
    for (let i = 0; i < pairs.length; i += 2) map[text(pairs[i])] = pairs[i + 1];
    return map;
  },
  list: (...values) => values,
  index: (collection, ...keys) =>
    keys.reduce((value: unknown, key) => {
      if (value === null || value === undefined) return undefined;
      if (Array.isArray(value)) return value[number(key, 'index')] as unknown;
      if (typeof value === 'object') return (value as Record<string, unknown>)[text(key)];
      throw new Error(`index of ${printValue(value)}`);
    }, collection),
};
