import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
} from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import { FILE_KIND_CONTENT_TYPES } from '@quayside/domain';
import type { FileKind } from '@quayside/domain';
import { JOB, jobRoute } from '@quayside/queues';
import { createTestDatabase, emailWithAttachments, realPng, serveCarriers, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { ObjectStorage, renderPdfPages } from '@quayside/platform';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { DocumentsModule } from '../documents/documents.module';
import { ExtractDocumentUseCase } from '../documents/extract-document.use-case';
import type { ExtractOutcome } from '../documents/extract-document.use-case';
import { testTrackerConfig } from './tracker-test-harness';

/** An extract-document job: the document and its open outbox row. */
export interface ExtractionJob {
  documentId: string;
  outboxId: string;
}

class ExtractionTestConfigModule {}

/**
 * The worker's DocumentsModule on a database of its own, real files on disk, real PDF text and real
 * OCR, without Bull: a test stores a generated document the way the api does (row +
 * extract-document outbox row) and runs the job by hand.
 */
export class DocumentExtractionHarness {
  private started: { db: TestDatabase; module: TestingModule; storageDir: string } | null = null;

  /** A harness started before the spec file's tests and closed after them. */
  static forTests(): DocumentExtractionHarness {
    const harness = new DocumentExtractionHarness();
    beforeAll(async () => {
      await harness.start();
    });
    afterAll(async () => {
      await harness.close();
    });
    return harness;
  }

  get db(): TestDatabase {
    return this.running.db;
  }

  private get module(): TestingModule {
    return this.running.module;
  }

  private get running(): { db: TestDatabase; module: TestingModule; storageDir: string } {
    if (this.started === null) throw new Error('the extraction harness runs only inside the tests');
    return this.started;
  }

  private async start(): Promise<void> {
    const db = await createTestDatabase();
    // A tracker-worker configured with these lines serves them (docs/carriers.md, "What this server tracks").
    await serveCarriers(db.dataSource, ['MAEU']);
    const storageDir = await mkdtemp(join(tmpdir(), 'quayside-extract-'));
    const config = testTrackerConfig(db.url, testRedisPrefix(), { STORAGE_LOCAL_DIR: storageDir });
    const module = await Test.createTestingModule({
      imports: [
        {
          module: ExtractionTestConfigModule,
          global: true,
          providers: [{ provide: TrackerWorkerConfig, useValue: config }],
          exports: [TrackerWorkerConfig],
        },
        DataAccessModule.forRoot({ databaseUrl: db.url, genericPlans: true }),
        DocumentsModule,
      ],
    }).compile();
    await module.init();
    this.started = { db, module, storageDir };
  }

  private async close(): Promise<void> {
    if (this.started === null) return;
    const { db, module, storageDir } = this.started;
    await module.close();
    await db.drop();
    await rm(storageDir, { recursive: true, force: true });
  }

  extract(job: ExtractionJob): Promise<ExtractOutcome> {
    return this.module.get(ExtractDocumentUseCase).execute(job);
  }

  get extractions(): DocumentExtractionRepository {
    return this.module.get(DocumentExtractionRepository);
  }

  /** Stores a file as the api's upload does: bytes first, then the row with its extraction outbox row. */
  async upload(accountId: string, fileName: string, kind: FileKind, bytes: Buffer, createTrackingRequests = false): Promise<ExtractionJob> {
    const documentId = randomUUID();
    const key = `documents/${accountId}/${documentId}`;
    await this.module.get(ObjectStorage).put(key, bytes, FILE_KIND_CONTENT_TYPES[kind]);
    const created = await this.documents().create(
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
    return { documentId, outboxId: await this.openExtractionRow(documentId) };
  }

  /** Asks for the document to be read again, as the api's re-extract does; the new job. */
  async requestExtraction(document: DocumentEntity): Promise<ExtractionJob> {
    await this.documents().requestExtraction(document, {}, jobRoute(JOB.extractDocument));
    return { documentId: document.id, outboxId: await this.openExtractionRow(document.id) };
  }

  documentRow(id: string): Promise<DocumentEntity> {
    return this.db.dataSource.getRepository(DocumentEntity).findOneByOrFail({ id });
  }

  representations(documentId: string): Promise<DocumentRepresentationEntity[]> {
    return this.db.dataSource.getRepository(DocumentRepresentationEntity).findBy({ document_id: documentId });
  }

  events(documentId: string): Promise<EventEntity[]> {
    return this.db.dataSource.getRepository(EventEntity).findBy({ reference_object_id: documentId });
  }

  /** The outbox rows of `jobName` whose payload's `field` is `value`. */
  outboxRows(jobName: string, field: string, value: string): Promise<OutboxEntity[]> {
    return this.db.dataSource
      .getRepository(OutboxEntity)
      .createQueryBuilder('o')
      .where(`o.job_name = :jobName AND o.payload->>CAST(:field AS text) = :value`, { jobName, field, value })
      .getMany();
  }

  outboxRow(id: string): Promise<OutboxEntity> {
    return this.db.dataSource.getRepository(OutboxEntity).findOneByOrFail({ id });
  }

  /** The connection the module's repositories use (not `db.dataSource`, a second pool on the same database). */
  private get connection(): DatabaseConnection {
    return this.module.get(DATABASE_CONNECTION);
  }

  private documents(): DocumentRepository {
    return new DocumentRepository(this.connection, this.module.get(OutboxRepository));
  }

  private async openExtractionRow(documentId: string): Promise<string> {
    const rows = (await this.outboxRows('extract-document', 'documentId', documentId)).filter((row) => row.completed_at === null);
    expect(rows).toHaveLength(1);
    return rows[0]!.id;
  }
}

/** The values of a representation's list of fields. */
export const fieldValues = (list: unknown): string[] => (list as Array<{ value: string }>).map((field) => field.value);

/** The first page of a PDF as a PNG at 144 dpi, as a scanner would give it (pdf.js on @napi-rs/canvas). */
export async function pageAsPng(pdf: Buffer): Promise<Buffer> {
  const [png] = await renderPdfPages(pdf, [1], 2);
  return png!;
}

/** Mail with `count` scanned pages attached as PNGs (each its own, as a scanner's would be). */
export function scansMail(count: number): Buffer {
  const scans = Array.from({ length: count }, (_, index) => ({
    fileName: `scan-${index + 1}.png`,
    contentType: 'image/png',
    bytes: realPng(120 + index, 60),
  }));
  return emailWithAttachments(`Scans ${count}`, 'See attached.', scans);
}
