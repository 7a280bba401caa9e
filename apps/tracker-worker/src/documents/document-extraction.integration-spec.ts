import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { Test } from '@nestjs/testing';
import type { TestingModule } from '@nestjs/testing';
import {
  DataAccessModule,
  DATABASE_CONNECTION,
  DocumentEntity,
  DocumentExtractionRepository,
  DocumentRepository,
  DocumentRepresentationEntity,
  EventEntity,
  OutboxEntity,
  OutboxRepository,
  TrackingRequestEntity,
} from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import { FILE_KIND_CONTENT_TYPES } from '@quayside/domain';
import type { FileKind } from '@quayside/domain';
import { JOB, jobRoute } from '@quayside/queues';
import {
  arrivalNoticePdf,
  billOfLadingPdf,
  containerNumber,
  createAccount,
  createContainer,
  createShipment,
  createTestDatabase,
  emailWithAttachments,
  nestedEmail,
  realPng,
  SAMPLE_BILL_OF_LADING,
  scannedPdf,
  testRedisPrefix,
  serveCarriers,
} from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { ObjectStorage, renderPdfPages } from '@quayside/platform';
import * as UTIF from 'utif';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { testTrackerConfig } from '../test/tracker-test-harness';
import { DocumentsModule } from './documents.module';
import { EXTRACTION_JOBS, ExtractDocumentUseCase } from './extract-document.use-case';

class ConfigModule {}

/** The first page of a PDF as a PNG at 144 dpi, as a scanner would give it (pdf.js on @napi-rs/canvas). */
async function pageAsPng(pdf: Buffer): Promise<Buffer> {
  const [png] = await renderPdfPages(pdf, [1], 2);
  return png!;
}

/** Mail with `count` scanned pages attached as PNGs (each its own, as a scanner's would be). */
function scansMail(count: number): Buffer {
  const scans = Array.from({ length: count }, (_, index) => ({
    fileName: `scan-${index + 1}.png`,
    contentType: 'image/png',
    bytes: realPng(120 + index, 60),
  }));
  return emailWithAttachments(`Scans ${count}`, 'See attached.', scans);
}

// Real PostgreSQL, real files on disk, real PDF text, real OCR: each test stores a generated
// document the way the api does (row + extract-document outbox row) and runs the job by hand.
describe('document extraction (tracker-worker)', () => {
  let db: TestDatabase;
  let module: TestingModule;
  let storageDir: string;
  let accountId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    // A tracker-worker configured with these lines serves them (docs/carriers.md, "What this server tracks").
    await serveCarriers(db.dataSource, ['MAEU']);
    storageDir = await mkdtemp(join(tmpdir(), 'quayside-extract-'));
    const config = testTrackerConfig(db.url, testRedisPrefix(), { STORAGE_LOCAL_DIR: storageDir });
    module = await Test.createTestingModule({
      imports: [
        {
          module: ConfigModule,
          global: true,
          providers: [{ provide: TrackerWorkerConfig, useValue: config }],
          exports: [TrackerWorkerConfig],
        },
        DataAccessModule.forRoot({ databaseUrl: db.url, genericPlans: true }),
        DocumentsModule,
      ],
    }).compile();
    await module.init();
  });

  beforeEach(async () => {
    accountId = (await createAccount(db.dataSource)).id;
  });

  afterAll(async () => {
    await module.close();
    await db.drop();
    await rm(storageDir, { recursive: true, force: true });
  });

  const connection = (): DatabaseConnection => module.get(DATABASE_CONNECTION);
  const extract = (job: { documentId: string; outboxId: string }) => module.get(ExtractDocumentUseCase).execute(job);

  /** Stores a file as the api's upload does: bytes first, then the row with its extraction outbox row. */
  async function upload(
    fileName: string,
    kind: FileKind,
    bytes: Buffer,
    createTrackingRequests = false,
  ): Promise<{ documentId: string; outboxId: string }> {
    const documentId = randomUUID();
    const key = `documents/${accountId}/${documentId}`;
    await module.get(ObjectStorage).put(key, bytes, FILE_KIND_CONTENT_TYPES[kind]);
    const documents = new DocumentRepository(connection(), module.get(OutboxRepository));
    const created = await documents.create(
      { accountId },
      {
        id: documentId,
        name: fileName,
        source: 'upload',
        file_name: fileName,
        file_kind: kind,
        file_content_type: FILE_KIND_CONTENT_TYPES[kind],
        file_size_bytes: bytes.length,
        page_count: null,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storage_key: key,
        email_submission_id: null,
        create_tracking_requests: createTrackingRequests,
      },
      jobRoute(JOB.extractDocument),
    );
    if (created === 'duplicate') throw new Error('duplicate upload in a test');
    return { documentId, outboxId: await openExtractionRow(documentId) };
  }

  async function openExtractionRow(documentId: string): Promise<string> {
    const rows = await db.dataSource
      .getRepository(OutboxEntity)
      .createQueryBuilder('o')
      .where(`o.job_name = 'extract-document' AND o.payload->>'documentId' = :documentId AND o.completed_at IS NULL`, { documentId })
      .getMany();
    expect(rows).toHaveLength(1);
    return rows[0]!.id;
  }

  const documentRow = (id: string) => db.dataSource.getRepository(DocumentEntity).findOneByOrFail({ id });
  const representations = (documentId: string) =>
    db.dataSource.getRepository(DocumentRepresentationEntity).findBy({ document_id: documentId });
  const events = (documentId: string) => db.dataSource.getRepository(EventEntity).findBy({ reference_object_id: documentId });
  const values = (list: unknown): string[] => (list as Array<{ value: string }>).map((field) => field.value);

  it('reads a text bill of lading and links it to the shipment and containers the account follows', async () => {
    const sample = SAMPLE_BILL_OF_LADING;
    const shipment = await createShipment(db.dataSource, accountId, {
      bill_of_lading_number: sample.billOfLading,
      normalized_number: sample.billOfLading.slice(4),
    });
    const followed = await Promise.all(
      sample.containers.slice(0, 2).map((number) => createContainer(db.dataSource, accountId, { shipment_id: shipment.id, number })),
    );
    const job = await upload('bl.pdf', 'pdf', await billOfLadingPdf());

    await expect(extract(job)).resolves.toBe('extracted');

    const document = await documentRow(job.documentId);
    expect(document).toMatchObject({
      extraction_status: 'extracted',
      extraction_error: null,
      document_type: 'bill_of_lading',
      shipment_ids: [shipment.id],
      extraction_lease_id: null,
    });
    expect([...document.container_ids].sort()).toEqual(followed.map((c) => c.id).sort());
    expect(document.classification_notes).toMatch(/bill of lading/);
    const [representation, ...others] = await representations(job.documentId);
    expect(others).toEqual([]);
    expect(document.last_document_representation_id).toBe(representation!.id);
    expect(representation!.schema_version).toBe('bill_of_lading@2026-11-01');
    const payload = representation!.payload;
    expect(values(payload['bill_of_lading_numbers'])).toEqual([sample.billOfLading]);
    expect(values(payload['container_numbers'])).toEqual(sample.containers);
    expect(payload).toMatchObject({
      scac: { value: 'MAEU' },
      vessel: { value: sample.vessel, page: 1 },
      voyage: { value: sample.voyage },
      port_of_loading: { value: 'YANTIAN' },
      port_of_discharge: { value: 'LOS ANGELES' },
      dates: expect.arrayContaining([
        expect.objectContaining({ kind: 'shipped_on_board', value: '2026-11-05' }),
        expect.objectContaining({ kind: 'issued', value: '2026-11-05' }),
      ]) as unknown,
    });
    // Not asked for, and the bill of lading is followed already: no tracking request.
    expect(await db.dataSource.getRepository(TrackingRequestEntity).countBy({ account_id: accountId })).toBe(0);
    const [event] = await events(job.documentId);
    expect(event).toMatchObject({
      name: 'document.extracted',
      reference_object_type: 'document',
      shipment_id: shipment.id,
      account_id: accountId,
    });
    const fanOut = await db.dataSource
      .getRepository(OutboxEntity)
      .createQueryBuilder('o')
      .where(`o.job_name = 'fan-out' AND o.payload->>'eventId' = :id`, { id: event!.id })
      .getMany();
    expect(fanOut).toHaveLength(1);
    expect((await db.dataSource.getRepository(OutboxEntity).findOneByOrFail({ id: job.outboxId })).completed_at).not.toBeNull();
  });

  it('creates a tracking request for the bill of lading of an arrival notice when the upload asks, once', async () => {
    const containers = [containerNumber('MRKU', '550011'), containerNumber('MRKU', '550022')];
    const job = await upload('an.pdf', 'pdf', await arrivalNoticePdf('MAEU260987654', containers), true);

    await expect(extract(job)).resolves.toBe('extracted');

    const document = await documentRow(job.documentId);
    expect(document).toMatchObject({ document_type: 'arrival_notice', shipment_ids: [], container_ids: [] });
    const [representation] = await representations(job.documentId);
    expect(values(representation!.payload['container_numbers'])).toEqual(containers);
    expect(representation!.payload['charges']).toEqual([
      expect.objectContaining({ value: { description: 'Terminal Handling Charge', currency: 'USD', amount: 450 } }),
      expect.objectContaining({ value: { description: 'Documentation Fee', currency: 'USD', amount: 75 } }),
    ]);
    const requests = await db.dataSource.getRepository(TrackingRequestEntity).findBy({ account_id: accountId });
    expect(requests).toEqual([
      expect.objectContaining({ request_number: 'MAEU260987654', request_type: 'bill_of_lading', scac: 'MAEU', status: 'pending' }),
    ]);
    const trackJobs = await db.dataSource
      .getRepository(OutboxEntity)
      .createQueryBuilder('o')
      .where(`o.job_name = 'track-request' AND o.payload->>'trackingRequestId' = :id`, { id: requests[0]!.id })
      .getMany();
    expect(trackJobs).toHaveLength(1);
    expect((await events(job.documentId))[0]!.payload).toMatchObject({
      tracking_request_ids: [requests[0]!.id],
      document_representation_id: representation!.id,
    });

    // Re-extracting asks nothing again: the number has an active request now.
    await new DocumentRepository(connection(), module.get(OutboxRepository)).requestExtraction(document, {}, jobRoute(JOB.extractDocument));
    await expect(extract({ documentId: job.documentId, outboxId: await openExtractionRow(job.documentId) })).resolves.toBe('extracted');
    expect(await db.dataSource.getRepository(TrackingRequestEntity).countBy({ account_id: accountId })).toBe(1);
    expect(await representations(job.documentId)).toHaveLength(2);
    expect((await events(job.documentId)).map((e) => e.name)).toEqual(['document.extracted', 'document.extracted']);
  });

  it('creates tracking requests without the upload flag when the account setting asks', async () => {
    accountId = (await createAccount(db.dataSource, { documents_create_tracking_requests: true })).id;
    const job = await upload('an.pdf', 'pdf', await arrivalNoticePdf('MAEU260666666', [containerNumber('MRKU', '660011')]));

    await expect(extract(job)).resolves.toBe('extracted');

    const requests = await db.dataSource.getRepository(TrackingRequestEntity).findBy({ account_id: accountId });
    expect(requests.map((r) => [r.request_number, r.request_type])).toEqual([['MAEU260666666', 'bill_of_lading']]);
  });

  it('asks for no tracking request of a line no source of this server serves, and says why in the event', async () => {
    // The next worker starts without Maersk (the sample arrival notice names SCAC MAEU).
    await serveCarriers(db.dataSource, []);
    try {
      accountId = (await createAccount(db.dataSource, { documents_create_tracking_requests: true })).id;
      const job = await upload('an.pdf', 'pdf', await arrivalNoticePdf('MAEU260777777', [containerNumber('MRKU', '770011')]));

      await expect(extract(job)).resolves.toBe('extracted');

      expect(await db.dataSource.getRepository(TrackingRequestEntity).countBy({ account_id: accountId })).toBe(0);
      const [event] = await events(job.documentId);
      expect(event!.payload['tracking_requests_skipped']).toEqual({ MAEU260777777: 'line_not_configured MAEU' });
    } finally {
      await serveCarriers(db.dataSource, ['MAEU']);
    }
  });

  // OCR takes seconds on a loaded machine: one small image, a generous timeout, no timing assertion.
  it('reads the bill of lading page scanned to a PNG by OCR', async () => {
    const job = await upload('scan.png', 'png', await pageAsPng(await billOfLadingPdf()));

    await expect(extract(job)).resolves.toBe('extracted');

    const document = await documentRow(job.documentId);
    expect(document.document_type).toBe('bill_of_lading');
    expect(document.classification_notes).toMatch(/1 page\(s\) read by OCR/);
    const [representation] = await representations(job.documentId);
    expect(values(representation!.payload['bill_of_lading_numbers'])).toEqual([SAMPLE_BILL_OF_LADING.billOfLading]);
    expect(values(representation!.payload['container_numbers'])).toEqual(SAMPLE_BILL_OF_LADING.containers);
  }, 180_000);

  it('renders a scanned PDF page (no text layer) and reads it by OCR', async () => {
    const job = await upload('scan.pdf', 'pdf', await scannedPdf(await pageAsPng(await billOfLadingPdf())));

    await expect(extract(job)).resolves.toBe('extracted');

    expect((await documentRow(job.documentId)).classification_notes).toMatch(/1 page\(s\) read by OCR/);
    const [representation] = await representations(job.documentId);
    expect(values(representation!.payload['container_numbers'])).toEqual(SAMPLE_BILL_OF_LADING.containers);
  }, 180_000);

  it('reads a TIFF scan by OCR (decoded to PNG first: Tesseract in WebAssembly reads no TIFF)', async () => {
    const png = await loadImage(await pageAsPng(await billOfLadingPdf()));
    const canvas = createCanvas(png.width, png.height);
    const context = canvas.getContext('2d');
    context.drawImage(png, 0, 0);
    const rgba = new Uint8Array(context.getImageData(0, 0, png.width, png.height).data.buffer);
    const job = await upload('scan.tiff', 'tiff', Buffer.from(UTIF.encodeImage(rgba, png.width, png.height)));

    await expect(extract(job)).resolves.toBe('extracted');

    const [representation] = await representations(job.documentId);
    expect(values(representation!.payload['container_numbers'])).toEqual(SAMPLE_BILL_OF_LADING.containers);
  }, 180_000);

  it('reads a forwarded .eml by its body and both attached PDFs', async () => {
    const noticeContainers = [containerNumber('MRKU', '770011')];
    const mail = emailWithAttachments('Docs for MAEU260123456', 'Please find the B/L and the arrival notice attached.', [
      { fileName: 'bl.pdf', contentType: 'application/pdf', bytes: await billOfLadingPdf() },
      { fileName: 'notice.pdf', contentType: 'application/pdf', bytes: await arrivalNoticePdf('MAEU260555555', noticeContainers) },
    ]);
    const job = await upload('fwd.eml', 'eml', mail);

    await expect(extract(job)).resolves.toBe('extracted');

    const [representation] = await representations(job.documentId);
    expect(values(representation!.payload['bill_of_lading_numbers'])).toEqual(['MAEU260123456', 'MAEU260555555']);
    expect(values(representation!.payload['container_numbers'])).toEqual([...SAMPLE_BILL_OF_LADING.containers, ...noticeContainers]);
    expect((representation!.payload['bill_of_lading_numbers'] as Array<{ page: number }>).map((f) => f.page)).toEqual([2, 3]);
  });

  it('records a file it cannot read as failed, with document.extraction_failed', async () => {
    const job = await upload('broken.pdf', 'pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage'));

    await expect(extract(job)).resolves.toBe('failed');

    const document = await documentRow(job.documentId);
    expect(document).toMatchObject({ extraction_status: 'failed', last_document_representation_id: null });
    expect(document.extraction_error).toMatch(/cannot be read/);
    expect(await representations(job.documentId)).toEqual([]);
    expect((await events(job.documentId)).map((e) => [e.name, e.payload])).toEqual([
      ['document.extraction_failed', { extraction_error: document.extraction_error }],
    ]);
  });

  // A mail stored before the api's DOCUMENT_MAX_ATTACHMENTS was lowered (here: the default, 20) is not read past it.
  it.each([
    ['21 scans', () => scansMail(21)],
    ['a forwarded mail holding 20 scans (1 + 20)', () => nestedEmail(1, scansMail(20))],
  ])('fails a stored mail of more than DOCUMENT_MAX_ATTACHMENTS attachments (%s) at once, naming the setting', async (_label, make) => {
    const job = await upload('fwd.eml', 'eml', make());

    await expect(extract(job)).resolves.toBe('failed');

    const document = await documentRow(job.documentId);
    expect(document).toMatchObject({ extraction_status: 'failed', extraction_attempts: 1, last_document_representation_id: null });
    expect(document.extraction_error).toBe(
      'The file fwd.eml holds more than 20 attachments, counting those of mail attached to it; at most 20 are accepted (DOCUMENT_MAX_ATTACHMENTS).',
    );
    expect((await events(job.documentId)).map((e) => e.name)).toEqual(['document.extraction_failed']);
  });

  it('drill: a worker killed between claim and record leaves the document extracted exactly once', async () => {
    const job = await upload('bl.pdf', 'pdf', await billOfLadingPdf({ ...SAMPLE_BILL_OF_LADING, billOfLading: 'MAEU260111111' }));
    const extractions = module.get(DocumentExtractionRepository);
    // Worker A claims and "dies": it never records, its lease stays.
    const dead = await extractions.claim(job.documentId, 600_000);
    if (dead.outcome !== 'claimed') throw new Error('worker A should have claimed the document');

    // The job comes back (Bull's stalled check, the relay's redelivery) while A's lease holds: put off, not run.
    await expect(extract(job)).resolves.toBe('deferred');
    const deferred = await db.dataSource.getRepository(OutboxEntity).findOneByOrFail({ id: job.outboxId });
    expect(deferred.completed_at).toBeNull();
    expect(deferred.available_at.getTime()).toBe(dead.claim.document.extraction_lease_until!.getTime());

    // A's lease runs out (moved into the past rather than waited for); worker B takes over.
    await db.dataSource.query(`UPDATE documents SET extraction_lease_until = now() - interval '1 second' WHERE id = $1`, [job.documentId]);
    await expect(extract(job)).resolves.toBe('extracted');

    // A was only slow, not dead: its late result finds B's record and writes nothing.
    const late = await extractions.record(dead.claim, { status: 'failed', error: 'late' }, job.outboxId, EXTRACTION_JOBS);
    expect(late).toEqual({ outcome: 'stale' });
    // And the same job delivered once more does nothing.
    await expect(extract(job)).resolves.toBe('nothing_to_do');

    const document = await documentRow(job.documentId);
    expect(document).toMatchObject({ extraction_status: 'extracted', extraction_attempts: 2, extraction_error: null });
    expect(await representations(job.documentId)).toHaveLength(1);
    expect((await events(job.documentId)).map((e) => e.name)).toEqual(['document.extracted']);
  });

  it('gives up on a document whose extraction never finished DOCUMENT_EXTRACTION_MAX_ATTEMPTS times', async () => {
    const job = await upload('poison.pdf', 'pdf', await billOfLadingPdf({ ...SAMPLE_BILL_OF_LADING, billOfLading: 'MAEU260222222' }));
    await db.dataSource.query(`UPDATE documents SET extraction_attempts = 3 WHERE id = $1`, [job.documentId]);

    await expect(extract(job)).resolves.toBe('failed');

    expect((await documentRow(job.documentId)).extraction_error).toMatch(/started 3 times/);
    expect((await events(job.documentId)).map((e) => e.name)).toEqual(['document.extraction_failed']);
  });
});
