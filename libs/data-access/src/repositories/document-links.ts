import type { RequestType } from '@quayside/domain';
import type { EntityManager } from 'typeorm';
import { ACTIVE_TRACKING_REQUEST_STATUSES } from './tracking-request.repository';
import { queryRows } from './query-rows';

export interface DocumentLinks {
  shipmentIds: string[];
  containerIds: string[];
  /** Numbers found that the account neither follows nor has an active request for, with the request type to track them by. */
  untracked: Array<{ number: string; type: RequestType }>;
}

interface FoundNumbers {
  billOfLadingNumbers: readonly string[];
  bookingNumbers: readonly string[];
  containerNumbers: readonly string[];
}

/**
 * The account's shipments and containers a document's numbers name (docs/documents.md
 * "Linking"): a shipment by its bill of lading, carrier reference or reference numbers, a
 * container by its number (and its shipment with it). Only rows of `accountId` are looked at.
 */
export async function findDocumentLinks(tx: EntityManager, accountId: string, found: FoundNumbers): Promise<DocumentLinks> {
  const shipmentNumbers = [...found.billOfLadingNumbers, ...found.bookingNumbers].map((n) => n.toUpperCase());
  const shipments =
    shipmentNumbers.length === 0
      ? []
      : await queryRows<{ id: string; numbers: string[] }>(
          tx,
          `SELECT id, ARRAY[upper(bill_of_lading_number), upper(normalized_number), upper(COALESCE(carrier_reference, ''))] || ref_numbers AS numbers
             FROM shipments
            WHERE account_id = $1
              AND (upper(bill_of_lading_number) = ANY($2::text[]) OR upper(normalized_number) = ANY($2::text[])
                   OR upper(carrier_reference) = ANY($2::text[]) OR ref_numbers && $2::text[])
            ORDER BY created_at, id`,
          [accountId, shipmentNumbers],
        );
  const containers =
    found.containerNumbers.length === 0
      ? []
      : await queryRows<{ id: string; number: string; shipment_id: string | null }>(
          tx,
          `SELECT id, number, shipment_id FROM containers WHERE account_id = $1 AND number = ANY($2::text[]) ORDER BY created_at, id`,
          [accountId, [...found.containerNumbers]],
        );
  const requested = await queryRows<{ request_number: string }>(
    tx,
    `SELECT DISTINCT upper(request_number) AS request_number FROM tracking_requests
      WHERE account_id = $1 AND status = ANY($2::text[]) AND upper(request_number) = ANY($3::text[])`,
    [accountId, [...ACTIVE_TRACKING_REQUEST_STATUSES], [...shipmentNumbers, ...found.containerNumbers]],
  );
  const known = new Set([
    ...shipments.flatMap((s) => s.numbers),
    ...containers.map((c) => c.number),
    ...requested.map((r) => r.request_number),
  ]);
  const shipmentIds = [...new Set([...shipments.map((s) => s.id), ...containers.flatMap((c) => (c.shipment_id ? [c.shipment_id] : []))])];
  // Tracking a bill of lading or booking brings its containers, so containers are asked for on
  // their own only when the document names no shipment number; and a document any of whose
  // numbers is followed already is about that shipment, so nothing new is asked.
  const byShipment: Array<{ number: string; type: RequestType }> = [
    ...found.billOfLadingNumbers.map((number) => ({ number: number.toUpperCase(), type: 'bill_of_lading' as const })),
    ...found.bookingNumbers.map((number) => ({ number: number.toUpperCase(), type: 'booking_number' as const })),
  ];
  const candidates = byShipment.length > 0 ? byShipment : found.containerNumbers.map((number) => ({ number, type: 'container' as const }));
  const anyKnown = [...shipmentNumbers, ...found.containerNumbers].some((number) => known.has(number));
  const untracked = anyKnown ? [] : candidates;
  return { shipmentIds, containerIds: containers.map((c) => c.id), untracked };
}
