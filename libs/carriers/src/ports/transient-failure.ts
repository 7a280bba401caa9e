import type { TransientFailureReason } from '@quayside/domain';

/** A lookup failed in a way a later retry may fix; `awaiting_manifest` is an outcome of its own. */
export interface TransientFailure {
  outcome: 'transient_failure';
  reason: TransientFailureReason;
  /** For logs and operators, never shown to clients. */
  detail: string;
}

export function transientFailure(reason: TransientFailureReason, detail: string): TransientFailure {
  return { outcome: 'transient_failure', reason, detail };
}
