import { createHash } from 'node:crypto';

/** Two containers per bill of lading, three milestones per container. */
export const CONTAINERS_PER_SHIPMENT = 2;
export const TRANSPORT_EVENTS_PER_CONTAINER = 3;
/**
 * The oldest shipments (ordinals below this), whose rows and containers the api's first pages
 * show (`/v2/containers` and `/v2/shipments?include=containers`, 30 rows each, oldest first):
 * the tracker phases never refresh them, so those pages are the same at every size. Each refresh
 * adds milestones and raw events, and the pages list their ids: refreshed by the tracker phases
 * of 10 k and 100 k, the 1 M run's first pages carried several times the seed's three events
 * per container and priced that (2026-11-27: ten more events on each of the page's containers
 * took the container list from 767 to 536 requests/s at 1 M, the bare server from 804 to 624),
 * where the bench means to price the account's size.
 */
export const LISTED_SHIPMENTS = 64;

/**
 * Ids are derived from the row's ordinal (`md5('bench:container:' || i)::uuid`), so the bench
 * picks the i-th container or shipment without asking the database, and rows made by a later,
 * larger size never collide with earlier ones.
 */
export function containerId(ordinal: number): string {
  return md5Uuid(`bench:container:${ordinal}`);
}

export function shipmentId(ordinal: number): string {
  return md5Uuid(`bench:shipment:${ordinal}`);
}

/** The physical shipment the shipment of the same ordinal follows (one account follows each). */
export function carrierShipmentId(shipmentOrdinal: number): string {
  return md5Uuid(`bench:carrier-shipment:${shipmentOrdinal}`);
}

function md5Uuid(text: string): string {
  // Same formatting Postgres uses for md5(text)::uuid.
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Container `i` is created `i` seconds after the base (its shipment `i / 2` at the same instant):
 * (created_at, id) lists are in ordinal order. A base 20 days back puts every milestone in the
 * past and every arrival estimate in the future, as for containers on the water today.
 */
export function seedBase(now: Date): Date {
  const day = 86_400_000;
  return new Date(Math.floor(now.getTime() / day) * day - 20 * day);
}

export function containerNumber(ordinal: number): string {
  return `BNCU${String(ordinal).padStart(7, '0')}`;
}
