import type { TemporaryFailedReason } from '@quayside/domain';

/** Why a lookup failed in a way that a later retry may fix (never `awaiting_manifest`: that is an outcome of its own). */
export type TransientFailureReason = Exclude<TemporaryFailedReason, 'awaiting_manifest'>;

export interface TransientFailure {
  outcome: 'transient_failure';
  reason: TransientFailureReason;
  /** For logs and operators, never shown to clients. */
  detail: string;
}

export function transientFailure(reason: TransientFailureReason, detail: string): TransientFailure {
  return { outcome: 'transient_failure', reason, detail };
}
