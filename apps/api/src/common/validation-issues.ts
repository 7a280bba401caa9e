import type { ValidationIssue } from '@quayside/domain';
import type { ValidationError } from 'class-validator';

/**
 * Flattens class-validator's error tree into one issue per broken rule, each pointing at its
 * member: `request_number` under `/data/attributes` becomes `/data/attributes/request_number`.
 */
export function validationErrorsToIssues(errors: readonly ValidationError[], basePointer: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    const pointer = `${basePointer}/${escapePointerToken(error.property)}`;
    for (const [rule, detail] of Object.entries(error.constraints ?? {})) {
      issues.push({ pointer, detail, meta: { rule } });
    }
    issues.push(...validationErrorsToIssues(error.children ?? [], pointer));
  }
  return issues;
}

// RFC 6901: "~" and "/" inside a member name are escaped.
function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
