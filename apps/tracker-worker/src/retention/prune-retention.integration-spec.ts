import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalObjectStorage, ObjectStorage } from '@quayside/platform';
import { TrackerTestHarness } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { PruneRetentionUseCase } from './prune-retention.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');
/** Rows are dated by hand: `OLD` is past a 90-day retention at `NOW`, `RECENT` is not. */
const OLD = '2026-01-05T00:00:00Z';
const RECENT = '2026-06-01T00:00:00Z';
const NOW = new Date('2026-06-15T00:00:00Z');
const EVENTS_OF_SHIPMENT = 'events WHERE shipment_id = $1 OR container_id IN (SELECT id FROM containers WHERE shipment_id = $1)';

describe('retention', () => {
  let harness: TrackerTestHarness;
  let storageDir: string;
  let storage: LocalObjectStorage;
  let account: string;

  const count = async (sql: string, parameters: unknown[] = []): Promise<number> =>
    (await harness.db.dataSource.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM ${sql}`, parameters))[0]!.n;

  /** A tracked sandbox shipment of the account, its rows dated `createdAt`; returns the shipment id. */
  const trackedShipment = async (number: string, createdAt: string): Promise<string> => {
    const { id, outboxId } = await harness.trackingRequest(account, number, T0);
    await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, T0);
    const shipmentId = (await harness.request(id)).tracked_object_id!;
    const containers = `container_id IN (SELECT id FROM containers WHERE shipment_id = $1)`;
    await harness.db.dataSource.query(`UPDATE events SET created_at = $2 WHERE shipment_id = $1 OR ${containers}`, [shipmentId, createdAt]);
    await harness.db.dataSource.query(`UPDATE raw_events SET created_at = $2 WHERE ${containers}`, [shipmentId, createdAt]);
    await harness.db.dataSource.query(`UPDATE transport_events SET created_at = $2 WHERE shipment_id = $1`, [shipmentId, createdAt]);
    return shipmentId;
  };

  /** One notification per event of the shipment to a webhook of the account, all with `status`, dated like their event. */
  const notifyAll = async (shipmentId: string, webhookId: string, status: 'pending' | 'succeeded' | 'failed'): Promise<void> => {
    await harness.db.dataSource.query(
      `INSERT INTO webhook_notifications (account_id, webhook_id, event_id, event, reference_object_type, reference_object_id, payload, delivery_status, created_at)
       SELECT e.account_id, $2, e.id, e.name, e.reference_object_type, e.reference_object_id, '{}', $3, e.created_at FROM events e WHERE e.shipment_id = $1 OR e.container_id IN (SELECT id FROM containers WHERE shipment_id = $1)`,
      [shipmentId, webhookId, status],
    );
  };

  const prune = () => harness.module.get(PruneRetentionUseCase).execute(NOW);

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'quayside-retention-'));
    storage = new LocalObjectStorage({ directory: storageDir, downloadBaseUrl: 'http://unused.invalid', signingSecret: 'unused' });
    harness = await TrackerTestHarness.create([PruneRetentionUseCase, TrackRequestUseCase, { provide: ObjectStorage, useValue: storage }], {
      RETENTION_WEBHOOK_NOTIFICATIONS_DAYS: 90,
      RETENTION_EVENTS_DAYS: 90,
      RETENTION_RAW_EVENTS_DAYS: 90,
      RETENTION_STOPPED_SHIPMENTS_DAYS: 0,
      RETENTION_DOCUMENTS_DAYS: 0,
      RETENTION_DCSA_PUSHED_EVENTS_DAYS: 90,
      RETENTION_BATCH_SIZE: 3,
      RETENTION_MAX_BATCHES: 1000,
    });
  });

  // Each test tracks the same sandbox numbers again: in an account of its own.
  beforeEach(async () => {
    account = await harness.account();
  });

  afterAll(async () => {
    await harness?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('deletes settled notifications, events nothing still owes and raw events past their retention, in batches; keeps the rest', async () => {
    const [webhook] = await harness.db.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO webhooks (account_id, url, secret) VALUES ($1, 'https://example.com/hook', 's') RETURNING id`,
      [account],
    );
    const delivered = await trackedShipment('TEST-TR-SUCCEEDED', OLD);
    await notifyAll(delivered, webhook!.id, 'succeeded');
    const owed = await trackedShipment('TEST-TR-MULTI-CONTAINER', OLD);
    await notifyAll(owed, webhook!.id, 'pending');
    const recent = await trackedShipment('TEST-TR-RAIL', RECENT);
    await notifyAll(recent, webhook!.id, 'failed');
    const before = {
      deliveredEvents: await count(EVENTS_OF_SHIPMENT, [delivered]),
      owedEvents: await count(EVENTS_OF_SHIPMENT, [owed]),
      recentEvents: await count(EVENTS_OF_SHIPMENT, [recent]),
      oldRaw: await count(`raw_events WHERE created_at = $1`, [OLD]),
      recentRaw: await count(`raw_events WHERE created_at = $1`, [RECENT]),
    };
    // Enough rows that batches of three take several statements.
    expect(before.deliveredEvents).toBeGreaterThan(3);
    expect(before.oldRaw).toBeGreaterThan(3);
    expect(before.owedEvents).toBeGreaterThan(0);
    expect(before.recentEvents).toBeGreaterThan(0);
    expect(before.recentRaw).toBeGreaterThan(0);

    const result = await prune();

    expect(result).toEqual({
      deleted: { webhook_notifications: before.deliveredEvents, events: before.deliveredEvents, raw_events: before.oldRaw },
      unfinished: [],
    });
    // The delivered shipment's old notifications and events are gone; what is still owed and what is recent stays.
    expect(await count(EVENTS_OF_SHIPMENT, [delivered])).toBe(0);
    expect(await count(`webhook_notifications WHERE delivery_status = 'succeeded'`)).toBe(0);
    expect(await count(EVENTS_OF_SHIPMENT, [owed])).toBe(before.owedEvents);
    expect(await count(`webhook_notifications WHERE delivery_status = 'pending'`)).toBe(before.owedEvents);
    expect(await count(EVENTS_OF_SHIPMENT, [recent])).toBe(before.recentEvents);
    expect(await count(`webhook_notifications WHERE delivery_status = 'failed'`)).toBe(before.recentEvents);
    expect(await count(`raw_events WHERE created_at = $1`, [OLD])).toBe(0);
    expect(await count(`raw_events WHERE created_at = $1`, [RECENT])).toBe(before.recentRaw);
    // Milestones stay while their shipment is kept.
    expect(await count('transport_events WHERE shipment_id = $1', [delivered])).toBeGreaterThan(0);
    // A second run finds nothing more.
    await expect(prune()).resolves.toEqual({ deleted: {}, unfinished: [] });
  });

  it('leaves what one run cannot take to the next, batch by batch', async () => {
    await trackedShipment('TEST-TR-SUCCEEDED', OLD);
    const old = await count(`raw_events WHERE created_at = $1`, [OLD]);
    harness.config.RETENTION_MAX_BATCHES = 1;
    try {
      const first = await prune();
      expect(first.deleted.raw_events).toBe(3);
      expect(first.unfinished).toContain('raw_events');
      expect(await count(`raw_events WHERE created_at = $1`, [OLD])).toBe(old - 3);
    } finally {
      harness.config.RETENTION_MAX_BATCHES = 1000;
    }
    await prune();
    expect(await count(`raw_events WHERE created_at = $1`, [OLD])).toBe(0);
  });

  it('deletes a shipment whose tracking stopped past its retention with its containers and milestones; never a tracked one', async () => {
    const stopped = await trackedShipment('TEST-TR-SUCCEEDED', RECENT);
    const tracked = await trackedShipment('TEST-TR-MULTI-CONTAINER', RECENT);
    await harness.db.dataSource.query(
      `UPDATE shipments SET line_tracking_stopped_at = $2, line_tracking_stopped_reason = 'cancelled_by_user' WHERE id = $1`,
      [stopped, OLD],
    );
    await harness.db.dataSource.query(`UPDATE shipments SET created_at = $2 WHERE id = $1`, [tracked, OLD]);
    expect(await count('transport_events WHERE shipment_id = $1', [stopped])).toBeGreaterThan(0);

    // Kept for ever by default.
    await prune();
    expect(await count('shipments WHERE id = $1', [stopped])).toBe(1);

    harness.config.RETENTION_STOPPED_SHIPMENTS_DAYS = 30;
    try {
      const result = await prune();
      expect(result.deleted.shipments).toBe(1);
    } finally {
      harness.config.RETENTION_STOPPED_SHIPMENTS_DAYS = 0;
    }
    expect(await count('shipments WHERE id = $1', [stopped])).toBe(0);
    expect(await count('containers WHERE shipment_id = $1', [stopped])).toBe(0);
    expect(await count('transport_events WHERE shipment_id = $1', [stopped])).toBe(0);
    // Its tracking request stays, no longer pointing at it.
    expect(await count('tracking_requests WHERE tracked_object_id = $1', [stopped])).toBe(0);
    expect(await count(`tracking_requests WHERE request_number = 'TEST-TR-SUCCEEDED' AND tracked_object_id IS NULL`)).toBeGreaterThan(0);
    expect(await count('shipments WHERE id = $1', [tracked])).toBe(1);
    expect(await count('transport_events WHERE shipment_id = $1', [tracked])).toBeGreaterThan(0);
  });

  it('deletes a document past its retention with its stored file', async () => {
    const insert = async (key: string, createdAt: string): Promise<void> => {
      await storage.put(key, Buffer.from('%PDF-1.4 bill of lading'), 'application/pdf');
      await harness.db.dataSource.query(
        `INSERT INTO documents (account_id, name, source, file_name, file_kind, file_content_type, file_size_bytes, sha256, storage_key, document_type, extraction_status, created_at)
         VALUES ($1, $2, 'upload', $2, 'pdf', 'application/pdf', 23, $2, $2, 'bill_of_lading', 'extracted', $3)`,
        [account, key, createdAt],
      );
    };
    await insert('documents/old-bl', OLD);
    await insert('documents/recent-bl', RECENT);
    harness.config.RETENTION_DOCUMENTS_DAYS = 90;
    try {
      await expect(prune()).resolves.toMatchObject({ deleted: { documents: 1 } });
    } finally {
      harness.config.RETENTION_DOCUMENTS_DAYS = 0;
    }
    expect(await count(`documents WHERE storage_key = 'documents/old-bl'`)).toBe(0);
    await expect(storage.get('documents/old-bl')).resolves.toBeNull();
    expect(await count(`documents WHERE storage_key = 'documents/recent-bl'`)).toBe(1);
    await expect(storage.get('documents/recent-bl')).resolves.toEqual(Buffer.from('%PDF-1.4 bill of lading'));
  });

  it("deletes pushed DCSA events and kept answers naming no number still asked, in batches; keeps a followed shipment's however old", async () => {
    const followed = await trackedShipment('TEST-TR-SUCCEEDED', RECENT);
    const stopped = await trackedShipment('TEST-TR-RAIL', RECENT);
    const gone = await trackedShipment('TEST-TR-MULTI-CONTAINER', RECENT);
    const physical = async (shipmentId: string) =>
      (
        await harness.db.dataSource.query<Array<{ id: string; scac: string; query: string; own: string }>>(
          `SELECT cs.id, cs.shipping_line_scac AS scac, cs.query_number AS query, cs.normalized_number AS own
             FROM carrier_shipments cs JOIN shipments s ON s.carrier_shipment_id = cs.id WHERE s.id = $1`,
          [shipmentId],
        )
      )[0]!;
    const [kept, resumable, unfollowed] = [await physical(followed), await physical(stopped), await physical(gone)];
    // Stopped but kept (it may be resumed); every account's record of the other removed (as the
    // stopped-shipments retention or a deletion does), so nobody asks by its number any more.
    await harness.db.dataSource.query(
      `UPDATE shipments SET line_tracking_stopped_at = $2, line_tracking_stopped_reason = 'cancelled_by_user' WHERE id = $1`,
      [stopped, OLD],
    );
    await harness.db.dataSource.query(`DELETE FROM shipments WHERE carrier_shipment_id = $1`, [unfollowed.id]);
    // An open request for a number no shipment is stored for yet: its first poll reads what was pushed.
    const requested = 'TEST-TR-REQUESTED';
    await harness.trackingRequest(account, requested, T0);

    /** `times` versions, each its own event; `group` names them for counting what is left. */
    const push = async (group: string, scac: string, refs: string[], createdAt: string, times: number): Promise<void> => {
      for (let i = 0; i < times; i += 1) {
        await harness.db.dataSource.query(
          `INSERT INTO dcsa_pushed_events (connection, event_id, version_key, refs, body, position, created_at)
           VALUES ($1, $2, '2026-01-01T00:00:00Z', $3, '{}', 0, $4)`,
          [scac, `${group}-${i}`, refs, createdAt],
        );
      }
    };
    await push('followed-query', kept.scac, [kept.query.toUpperCase(), 'MSKU0000001'], OLD, 2);
    await push('followed-own', kept.scac, [kept.own], OLD, 1);
    await push('stopped', resumable.scac, [resumable.query.toUpperCase()], OLD, 2);
    await push('requested', kept.scac, [requested], OLD, 1);
    await push('unfollowed-old', unfollowed.scac, [unfollowed.query.toUpperCase(), unfollowed.own], OLD, 5);
    await push('unfollowed-recent', unfollowed.scac, [unfollowed.query.toUpperCase()], RECENT, 2);
    // The followed shipment's number through another connection names nothing asked there.
    await push('other-connection', 'OTHR', [kept.query.toUpperCase()], OLD, 2);

    const answer = async (scac: string, parameter: string, number: string, fetchedAt: Date): Promise<void> => {
      await harness.db.dataSource.query(
        `INSERT INTO dcsa_polled_answers (connection, parameter, number, events, fetched_at) VALUES ($1, $2, $3, '[]', $4)`,
        [scac, parameter, number, fetchedAt],
      );
    };
    const longAgo = new Date(OLD);
    await answer(kept.scac, 'transportDocumentReference', kept.query, longAgo);
    await answer(resumable.scac, 'transportDocumentReference', resumable.query, longAgo);
    await answer(kept.scac, 'carrierBookingReference', requested, longAgo);
    await answer(unfollowed.scac, 'transportDocumentReference', unfollowed.query, longAgo);
    // The booking a shipment was asked by before its bill of lading: asked by nobody now.
    await answer(kept.scac, 'carrierBookingReference', 'BOOKING-ASKED-BEFORE', longAgo);
    // Asked an hour ago: within the day a poll's shipment may take to be stored as asking by it.
    await answer(unfollowed.scac, 'equipmentReference', 'MSKU0000002', new Date(NOW.getTime() - 3600_000));

    const left = async () =>
      Object.fromEntries(
        (
          await harness.db.dataSource.query<Array<{ kind: string; n: number }>>(
            `SELECT regexp_replace(event_id, '-[0-9]+$', '') AS kind, count(*)::int AS n FROM dcsa_pushed_events GROUP BY 1`,
          )
        ).map((row) => [row.kind, row.n]),
      );
    const answered = async () =>
      (await harness.db.dataSource.query<Array<{ number: string }>>(`SELECT number FROM dcsa_polled_answers`))
        .map((row) => row.number)
        .sort();

    const result = await prune();

    // Five old versions naming the unfollowed shipment and two through another connection: batches of three, three and one.
    expect(result).toEqual({ deleted: { dcsa_pushed_events: 7, dcsa_polled_answers: 2 }, unfinished: [] });
    expect(await left()).toEqual({ 'followed-query': 2, 'followed-own': 1, stopped: 2, requested: 1, 'unfollowed-recent': 2 });
    expect(await answered()).toEqual([kept.query, resumable.query, requested, 'MSKU0000002'].sort());
    // A second run finds nothing more.
    await expect(prune()).resolves.toEqual({ deleted: {}, unfinished: [] });
  });
});
