import type { RequestType } from '../enums/tracking-request.enum';

/** What a source is asked about: an ocean carrier (by SCAC), a terminal (by FIRMS code), a rail carrier (by SCAC). */
export const SOURCE_KINDS = ['carrier', 'terminal', 'rail'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/**
 * A source this deployment serves, as its tracker-workers registered it at start-up
 * (docs/carriers.md, "What this server tracks"): the api refuses at once what no such source
 * serves, and shows per shipping line whether it is tracked here.
 */
export interface TrackingSource {
  kind: SourceKind;
  /** SCAC or FIRMS code, upper case. */
  code: string;
  /** The adapter that answers for it (`dcsa`, `apmt`, `sandbox`). */
  adapter: string;
  /** Carriers: the numbers it can be asked by; empty for terminals and rail. */
  requestTypes: readonly RequestType[];
  /** Played from scripted data, not a real source. */
  sandbox: boolean;
  /** Its published schema could not be verified: enabled only on request, claimed for nothing (docs/carriers.md). */
  experimental: boolean;
}
