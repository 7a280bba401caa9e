import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './app-process';

/** Which OpenAPI document a finding is about. */
export type DocumentName = 'reference' | 'quayside';

/**
 * One deliberate difference of docs/compatibility.md: findings of `document` whose operation,
 * rule and member match are expected. `operation` `*` matches every operation; in `where`, a `*`
 * segment matches one segment of the pointer.
 */
export interface Allowance {
  document: DocumentName;
  operation: string;
  rule: string;
  where: string;
  why: string;
  /** Line in docs/compatibility.md, for messages. */
  line: number;
}

/** What an allowance is matched on: the validator's finding (libs/testing `OpenApiFinding`). */
interface Finding {
  operation: string;
  rule: string;
  where: string;
}

export const COMPATIBILITY_DOC = path.join(ROOT, 'docs/compatibility.md');
const START = '<!-- openapi-conformance:start -->';
const END = '<!-- openapi-conformance:end -->';

const cell = (text: string): string => text.trim().replace(/^`(.*)`$/, '$1');

/** The table between the markers of docs/compatibility.md, one allowance per row. */
export function readAllowances(file = COMPATIBILITY_DOC): Allowance[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines.indexOf(START);
  const end = lines.indexOf(END);
  if (start === -1 || end < start) throw new Error(`${file}: no ${START} … ${END} table`);
  const allowances: Allowance[] = [];
  for (let index = start + 1; index < end; index += 1) {
    const line = lines[index]!;
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const [document, operation, rule, where, why] = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map(cell);
    if (document === 'document') continue; // the header
    if (document !== 'reference' && document !== 'quayside')
      throw new Error(`${file}:${index + 1}: document must be reference or quayside`);
    if (!operation || !rule || where === undefined || !why) throw new Error(`${file}:${index + 1}: every cell is needed, the reason too`);
    allowances.push({ document, operation, rule, where, why, line: index + 1 });
  }
  return allowances;
}

function matchesWhere(pattern: string, where: string): boolean {
  const wanted = pattern.split('/');
  const got = where.split('/');
  return wanted.length === got.length && wanted.every((segment, index) => segment === '*' || segment === got[index]);
}

export function allows(allowance: Allowance, document: DocumentName, finding: Finding): boolean {
  return (
    allowance.document === document &&
    (allowance.operation === '*' || allowance.operation === finding.operation) &&
    allowance.rule === finding.rule &&
    matchesWhere(allowance.where, finding.where)
  );
}
