import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccountScope } from './account-scope';
import { queryRows } from './query-rows';

/** One match of `/v2/search`, the fields every kind shares plus those of its own kind (null elsewhere). */
export interface SearchHit {
  id: string;
  entity_type: 'shipment' | 'cargo' | 'tracking_request';
  number: string;
  shipment_id: string | null;
  scac: string | null;
  port_of_lading_name: string | null;
  port_of_discharge_name: string | null;
  containers_count: number | null;
  tracking_stopped: boolean | null;
  tracking_stopped_reason: string | null;
  status: string | null;
  failed_reason: string | null;
  ref_numbers: string[];
  created_at: Date;
  updated_at: Date;
}

/** The shortest term a trigram index can answer (shorter terms are refused by the api). */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_RESULTS = 25;

/**
 * Each expression must stay byte-for-byte the one indexed by the migration
 * `VesselsMetroAreasSearch` (`idx_<table>_search`), or the planner cannot use the index.
 */
const SHIPMENT_TEXT = `quayside_search_text(ARRAY[s."bill_of_lading_number", s."carrier_reference"] || s."ref_numbers")`;
const CONTAINER_TEXT = `quayside_search_text(ARRAY[c."number"] || c."ref_numbers")`;
const REQUEST_TEXT = `quayside_search_text(ARRAY[tr."request_number"] || tr."ref_numbers")`;

/** `%term%` for LIKE, upper case (the indexed text is), with LIKE's own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Search over an account's shipments, containers and tracking requests by any of their numbers
 * and references (docs/search.md). Each kind is one trigram-index scan limited to the account;
 * shipments rank first, then containers, then tracking requests, the newest first within a kind.
 * A tracking request whose shipment is itself a match is left out (the shipment says more).
 */
@Injectable()
export class SearchRepository {
  constructor(private readonly dataSource: DataSource) {}

  async search(scope: AccountScope, term: string, limit = SEARCH_MAX_RESULTS): Promise<SearchHit[]> {
    const pattern = containsPattern(term);
    const rows = await queryRows<SearchHit & { rank: number }>(
      this.dataSource,
      `(SELECT s.id, 'shipment' AS entity_type, s.bill_of_lading_number AS number, NULL::uuid AS shipment_id,
               s.shipping_line_scac AS scac, s.port_of_lading_name, s.port_of_discharge_name,
               (SELECT count(*)::int FROM containers c WHERE c.shipment_id = s.id) AS containers_count,
               (s.line_tracking_stopped_at IS NOT NULL) AS tracking_stopped, s.line_tracking_stopped_reason AS tracking_stopped_reason,
               NULL AS status, NULL AS failed_reason, s.ref_numbers, s.created_at, s.updated_at, 1 AS rank
        FROM shipments s
        WHERE s.account_id = $1 AND ${SHIPMENT_TEXT} LIKE $2
        ORDER BY s.created_at DESC, s.id DESC LIMIT $3)
       UNION ALL
       (SELECT c.id, 'cargo', c.number, c.shipment_id, s.shipping_line_scac, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
               c.ref_numbers, c.created_at, c.updated_at, 2
        FROM containers c LEFT JOIN shipments s ON s.id = c.shipment_id
        WHERE c.account_id = $1 AND ${CONTAINER_TEXT} LIKE $2
        ORDER BY c.created_at DESC, c.id DESC LIMIT $3)
       UNION ALL
       (SELECT tr.id, 'tracking_request', tr.request_number, tr.tracked_object_id, tr.scac, NULL, NULL, NULL, NULL, NULL,
               tr.status, tr.failed_reason, tr.ref_numbers, tr.created_at, tr.updated_at, 3
        FROM tracking_requests tr
        WHERE tr.account_id = $1 AND ${REQUEST_TEXT} LIKE $2
          AND NOT (tr.tracked_object_id IS NOT NULL AND EXISTS (
            SELECT 1 FROM shipments s WHERE s.id = tr.tracked_object_id AND s.account_id = $1 AND ${SHIPMENT_TEXT} LIKE $2))
        ORDER BY tr.created_at DESC, tr.id DESC LIMIT $3)
       ORDER BY rank, created_at DESC, id DESC
       LIMIT $3`,
      [scope.accountId, pattern, limit],
    );
    return rows.map(({ rank: _rank, ...hit }) => hit);
  }
}
