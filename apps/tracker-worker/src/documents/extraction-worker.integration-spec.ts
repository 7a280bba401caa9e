import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentEntity, DocumentRepository, DocumentRepresentationEntity, EventEntity, OutboxRepository } from '@quayside/data-access';
import { JOB, jobRoute } from '@quayside/queues';
import { billOfLadingPdf, createAccount, createTestDatabase, SAMPLE_BILL_OF_LADING, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { ObjectStorage } from '@quayside/platform';
import { AppModule } from '../app.module';
import { testTrackerConfig } from '../test/tracker-test-harness';

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The whole way a document goes in the running worker: outbox row → relay → Bull → handler → recorded.
describe('tracker-worker app extracts documents (real Postgres, Redis, Bull and relay)', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let storageDir: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    storageDir = await mkdtemp(join(tmpdir(), 'quayside-worker-docs-'));
    const config = testTrackerConfig(db.url, testRedisPrefix(), { OUTBOX_POLL_INTERVAL_MS: 50, STORAGE_LOCAL_DIR: storageDir });
    app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('an uploaded bill of lading is extracted by the queued job', async () => {
    const account = await createAccount(db.dataSource);
    const bytes = await billOfLadingPdf();
    const id = randomUUID();
    const key = `documents/${account.id}/${id}`;
    await app.get(ObjectStorage).put(key, bytes, 'application/pdf');
    await new DocumentRepository(db.dataSource, new OutboxRepository(db.dataSource)).create(
      { accountId: account.id },
      {
        id,
        name: 'bl.pdf',
        source: 'upload',
        file_name: 'bl.pdf',
        file_kind: 'pdf',
        file_content_type: 'application/pdf',
        file_size_bytes: bytes.length,
        page_count: 1,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storage_key: key,
        email_submission_id: null,
      },
      jobRoute(JOB.extractDocument),
    );

    const document = await waitFor('the extraction', async () => {
      const row = await db.dataSource.getRepository(DocumentEntity).findOneByOrFail({ id });
      return row.extraction_status === 'pending' ? null : row;
    });
    expect(document).toMatchObject({ extraction_status: 'extracted', document_type: 'bill_of_lading' });
    expect((await db.dataSource.getRepository(EventEntity).findBy({ reference_object_id: id })).map((e) => e.name)).toEqual([
      'document.extracted',
    ]);
    const representation = await db.dataSource
      .getRepository(DocumentRepresentationEntity)
      .findOneByOrFail({ id: document.last_document_representation_id! });
    expect((representation.payload['container_numbers'] as Array<{ value: string }>).map((field) => field.value)).toEqual(
      SAMPLE_BILL_OF_LADING.containers,
    );
  });
});
