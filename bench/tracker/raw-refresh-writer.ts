import { JOB, QUEUE } from '@quayside/queues';
import type { Pool } from 'pg';
import type { RefreshChange } from './refresh-change';

const COMPLETE_JOB = `UPDATE outbox SET completed_at = now() WHERE id = $1 AND completed_at IS NULL`;

const UPDATE_SHIPMENT = `UPDATE shipments SET pod_eta_at = $2, line_tracking_last_attempted_at = $3, line_tracking_last_succeeded_at = $3, updated_at = now() WHERE id = $1`;

const UPDATE_CONTAINERS = `UPDATE containers SET pod_eta_at = $2, current_status = 'on_ship', updated_at = now() WHERE id = ANY($1::uuid[])`;

const INSERT_TRANSPORT_EVENTS = `
INSERT INTO transport_events (id, account_id, container_id, shipment_id, event, timestamp, timezone, location_locode, vessel_name, vessel_imo, voyage_number, data_source, dedupe_key)
SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, account_id uuid, container_id uuid, shipment_id uuid, event text, timestamp timestamptz, timezone text,
  location_locode text, vessel_name text, vessel_imo text, voyage_number text, data_source text, dedupe_key text)`;

const INSERT_EVENTS_AND_FAN_OUT = `
WITH inserted AS (
  INSERT INTO events (id, account_id, name, reference_object_type, reference_object_id, shipment_id, container_id, payload, occurred_at, dedupe_key)
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, account_id uuid, name text, reference_object_type text, reference_object_id uuid,
    shipment_id uuid, container_id uuid, payload jsonb, occurred_at timestamptz, dedupe_key text)
  RETURNING id, account_id, created_at
)
INSERT INTO outbox (queue, job_name, payload, account_id, available_at)
SELECT $2, $3, jsonb_build_object('eventId', id), account_id, created_at FROM inserted`;

/**
 * The bare limit of a refresh's persistence: the same rows as the tracker writes (job done,
 * shipment and containers updated, milestones, events and their fan-out outbox rows) in one
 * transaction on a plain `pg` connection, with no reads, locks, ORM or decision code.
 */
export async function writeRefreshRaw(pool: Pool, outboxId: string, change: RefreshChange): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(COMPLETE_JOB, [outboxId]);
    await client.query(UPDATE_SHIPMENT, [change.shipmentId, change.podEtaAt, change.at]);
    await client.query(UPDATE_CONTAINERS, [change.containerIds, change.podEtaAt]);
    await client.query(INSERT_TRANSPORT_EVENTS, [JSON.stringify(change.transportEvents)]);
    const events = change.events.map(({ requiresTransportEventId: _dropped, ...event }) => event);
    await client.query(INSERT_EVENTS_AND_FAN_OUT, [JSON.stringify(events), QUEUE.webhookFanout, JOB.fanOut]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
