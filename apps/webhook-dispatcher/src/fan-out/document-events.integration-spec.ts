import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import {
  DocumentExtractionRepository,
  DocumentRepository,
  ListTotals,
  OutboxEntity,
  OutboxRepository,
  PlanUsageRepository,
  TrackingRequestRepository,
  WebhookNotificationEntity,
} from '@quayside/data-access';
import type { ExtractionResult } from '@quayside/data-access';
import { JOB, jobRoute, QUEUE } from '@quayside/queues';
import { createAccount, createShipment } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import type { Receiver } from '../__tests__/dispatcher-harness';
import { createWebhook, startDispatcherWithReceiver, stopDispatcherWithReceiver, waitFor } from '../__tests__/dispatcher-harness';

type Resource = { id: string; type: string; attributes: Record<string, unknown>; relationships?: Record<string, { data: unknown }> };
type Body = { data: { attributes: Record<string, unknown>; relationships: Record<string, { data: unknown }> }; included: Resource[] };

/**
 * `document.extracted` and `document.extraction_failed` go out through the same outbox, fan-out
 * and signed delivery as tracking events, referring to the document (the extraction side is
 * in apps/tracker-worker/src/documents).
 */
describe('document extraction webhooks', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let receiver: Receiver;

  beforeAll(async () => {
    ({ db, app, receiver } = await startDispatcherWithReceiver(200));
  });

  afterAll(async () => stopDispatcherWithReceiver({ db, app, receiver }));

  /** A stored document, extracted (or failed) the way the tracker-worker records it. */
  async function extracted(accountId: string, result: ExtractionResult): Promise<string> {
    const outbox = new OutboxRepository(db.dataSource);
    const id = randomUUID();
    const created = await new DocumentRepository(db.dataSource, outbox).create(
      { accountId },
      {
        id,
        name: 'bl.pdf',
        source: 'upload',
        file_name: 'bl.pdf',
        file_kind: 'pdf',
        file_content_type: 'application/pdf',
        file_size_bytes: 1000,
        page_count: 1,
        sha256: id,
        storage_key: `documents/${accountId}/${id}`,
        email_submission_id: null,
      },
      jobRoute(JOB.extractDocument),
    );
    if (created === 'duplicate') throw new Error('unexpected duplicate');
    const row = await db.dataSource
      .getRepository(OutboxEntity)
      .createQueryBuilder('o')
      .where(`o.payload->>'documentId' = :id`, { id })
      .getOneOrFail();
    const extractions = new DocumentExtractionRepository(
      db.dataSource,
      outbox,
      new TrackingRequestRepository(db.dataSource, outbox, new ListTotals()),
      new PlanUsageRepository(db.dataSource),
    );
    const claimed = await extractions.claim(id, 60_000);
    if (claimed.outcome !== 'claimed') throw new Error('expected a claim');
    await extractions.record(claimed.claim, result, row.id, {
      track: { queue: QUEUE.tracker, jobName: JOB.trackRequest },
      fanOut: { queue: QUEUE.webhookFanout, jobName: JOB.fanOut },
    });
    return id;
  }

  it('delivers document.extracted with the document, its extraction and its shipment, and document.extraction_failed with the error', async () => {
    const account = await createAccount(db.dataSource);
    await createWebhook(db.dataSource, account.id, { url: receiver.url, events: ['document.extracted', 'document.extraction_failed'] });
    const shipment = await createShipment(db.dataSource, account.id, {
      bill_of_lading_number: 'MAEU260333333',
      normalized_number: '260333333',
    });
    const payload = {
      bill_of_lading_numbers: [{ value: 'MAEU260333333', confidence: 0.9, page: 1, line: 2, source_text: 'B/L No.: MAEU260333333' }],
    };
    const documentId = await extracted(account.id, {
      status: 'extracted',
      documentType: 'bill_of_lading',
      classificationNotes: 'Classified as bill_of_lading.',
      schemaVersion: 'bill_of_lading@2026-11-01',
      payload,
      billOfLadingNumbers: ['MAEU260333333'],
      bookingNumbers: [],
      containerNumbers: [],
      scac: 'MAEU',
    });
    const failedId = await extracted(account.id, { status: 'failed', error: 'The PDF cannot be read: Invalid PDF structure.' });

    await waitFor(
      'both deliveries',
      async () =>
        (await db.dataSource.getRepository(WebhookNotificationEntity).countBy({ account_id: account.id, delivery_status: 'succeeded' })) ===
        2,
    );
    const bodies = receiver.received.map((request) => JSON.parse(request.body) as Body);
    const ok = bodies.find((body) => body.data.attributes['event'] === 'document.extracted')!;
    expect(ok.data.relationships['reference_object']!.data).toEqual({ id: documentId, type: 'document' });
    const [document, ...rest] = ok.included;
    expect(document).toMatchObject({
      id: documentId,
      type: 'document',
      attributes: { extraction_status: 'extracted', document_type: 'bill_of_lading' },
    });
    expect(document!.relationships!['shipments']!.data).toEqual([{ id: shipment.id, type: 'shipment' }]);
    expect(rest.map((resource) => resource.type).sort()).toEqual(['document_representation', 'shipment']);
    expect(rest.find((resource) => resource.type === 'document_representation')!.attributes).toMatchObject({
      schema_version: 'bill_of_lading@2026-11-01',
      payload,
    });

    const failed = bodies.find((body) => body.data.attributes['event'] === 'document.extraction_failed')!;
    expect(failed.data.relationships['reference_object']!.data).toEqual({ id: failedId, type: 'document' });
    expect(failed.included).toEqual([
      expect.objectContaining({
        id: failedId,
        attributes: expect.objectContaining({
          extraction_status: 'failed',
          extraction_error: 'The PDF cannot be read: Invalid PDF structure.',
        }) as unknown,
      }),
    ]);
  });
});
