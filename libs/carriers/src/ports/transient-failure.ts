import { errorClassOfReason } from '@quayside/domain';
import type { SourceErrorClass, TransientFailureReason } from '@quayside/domain';

/** A lookup failed in a way a later retry may fix; `awaiting_manifest` is an outcome of its own. */
export interface TransientFailure {
  outcome: 'transient_failure';
  reason: TransientFailureReason;
  /** What the operator sees in the source's health (docs/carriers.md, "Source health"). */
  errorClass: SourceErrorClass;
  /** For logs and operators, never shown to clients. */
  detail: string;
}

/** `errorClass` defaults to the reason's (an adapter names it where it knows better: a refused credential, a spent quota). */
export function transientFailure(
  reason: TransientFailureReason,
  detail: string,
  errorClass: SourceErrorClass = errorClassOfReason(reason),
): TransientFailure {
  return { outcome: 'transient_failure', reason, errorClass, detail };
}
