/**
 * Whether a shipment (by the SQL expression of its id) is followed by this account and its
 * physical shipment's carrier data is past `fresh_until`, the time the tracker-worker gave it by
 * its refresh cadence (docs/carriers.md, "Source health"): the one place reads decide `data_stale`.
 */
export const STALE_DATA_OF_SHIPMENT = (shipmentId: string): string =>
  `COALESCE((SELECT sh.line_tracking_stopped_at IS NULL AND cs.next_refresh_at IS NOT NULL AND cs.fresh_until < now()
               FROM shipments sh JOIN carrier_shipments cs ON cs.id = sh.carrier_shipment_id WHERE sh.id = ${shipmentId}), false)`;
