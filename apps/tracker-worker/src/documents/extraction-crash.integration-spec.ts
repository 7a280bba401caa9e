import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  DocumentEntity,
  DocumentRepository,
  DocumentRepresentationEntity,
  EventEntity,
  OutboxEntity,
  OutboxRepository,
} from '@quayside/data-access';
import { createObjectStorage, renderPdfPages } from '@quayside/platform';
import { JOB, jobRoute, QUEUE } from '@quayside/queues';
import { billOfLadingPdf, createAccount, createTestDatabase, SAMPLE_BILL_OF_LADING, scannedPdf, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import Bull from 'bull';
import Redis from 'ioredis';
import { TEST_REDIS_URL } from '../test/tracker-test-harness';

const ROOT = resolve(__dirname, '../../../..');

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The drill of docs/documents.md "Extraction": the worker as a real process (the production
 * `main.ts`) is killed with SIGKILL while it reads a three-page scan by OCR, then a fresh one
 * starts: the document ends extracted once, with one representation and one event.
 */
describe('a worker killed during an extraction', () => {
  let db: TestDatabase;
  let prefix: string;
  let storageDir: string;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    prefix = testRedisPrefix();
    storageDir = await mkdtemp(join(tmpdir(), 'quayside-extract-crash-'));
  });

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await db.drop();
    await rm(storageDir, { recursive: true, force: true });
  });

  function startWorker(): ChildProcess {
    const worker = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/tracker-worker/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        LOG_LEVEL: 'silent',
        OUTBOX_POLL_INTERVAL_MS: '50',
        OUTBOX_REDELIVER_AFTER_MS: '1000',
        STORAGE_LOCAL_DIR: storageDir,
        // The killed worker's hold on the document lapses after this; the next claim waits for it.
        // A lease must outlast a whole read and 10 s (checked at boot): the read keeps its default
        // bound (three pages of OCR take minutes on a machine loaded twenty times over), a page
        // twice the default, and the lease the shortest the read allows.
        DOCUMENT_EXTRACTION_LEASE_MS: '190000',
        DOCUMENT_PAGE_TIMEOUT_MS: '120000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    workers.push(worker);
    return worker;
  }

  it('ends extracted exactly once, also when the job is delivered again after its commit', async () => {
    const account = await createAccount(db.dataSource);
    const [png] = await renderPdfPages(await billOfLadingPdf(), [1], 2);
    // Three scanned pages: several seconds of OCR, long enough to be killed in the middle of.
    const bytes = await scannedPdf(png!, 3);
    const id = randomUUID();
    const key = `documents/${account.id}/${id}`;
    await createObjectStorage({
      driver: 'local',
      directory: storageDir,
      downloadBaseUrl: 'http://unused.invalid',
      signingSecret: 'unused',
    }).put(key, bytes, 'application/pdf');
    await new DocumentRepository(db.dataSource, new OutboxRepository(db.dataSource)).create(
      { accountId: account.id },
      {
        id,
        name: 'scan.pdf',
        source: 'upload',
        file_name: 'scan.pdf',
        file_kind: 'pdf',
        file_content_type: 'application/pdf',
        file_size_bytes: bytes.length,
        page_count: 3,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storage_key: key,
        email_submission_id: null,
      },
      jobRoute(JOB.extractDocument),
    );
    const document = () => db.dataSource.getRepository(DocumentEntity).findOneByOrFail({ id });

    const first = startWorker();
    await waitFor('the first worker to claim the document', async () => (await document()).extraction_lease_id !== null);
    first.kill('SIGKILL');
    await waitFor('the worker to die', () => first.signalCode === 'SIGKILL');
    expect(await document()).toMatchObject({ extraction_status: 'pending', extraction_attempts: 1, last_document_representation_id: null });
    expect(await db.dataSource.getRepository(EventEntity).countBy({ account_id: account.id })).toBe(0);

    // Bull would hand the dead worker's job out again once its lock expires (30 s); the faster
    // path tested here is the relay's: the job is gone from Redis and its outbox row republished.
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}:${QUEUE.documents}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();

    startWorker();
    // The first worker's lease (190 s) lapses first, then the read.
    const extracted = await waitFor(
      'the second worker to extract the document',
      async () => {
        const row = await document();
        return row.extraction_status === 'pending' ? null : row;
      },
      600_000,
    );
    expect(extracted).toMatchObject({
      extraction_status: 'extracted',
      extraction_error: null,
      extraction_attempts: 2,
      document_type: 'bill_of_lading',
    });
    const representations = await db.dataSource.getRepository(DocumentRepresentationEntity).findBy({ document_id: id });
    expect(representations).toHaveLength(1);
    expect((representations[0]!.payload['container_numbers'] as Array<{ value: string }>).map((f) => f.value)).toEqual(
      SAMPLE_BILL_OF_LADING.containers,
    );
    const outbox = await db.dataSource
      .getRepository(OutboxEntity)
      .createQueryBuilder('o')
      .where(`o.payload->>'documentId' = :id`, { id })
      .getOneOrFail();
    expect(outbox.completed_at).not.toBeNull();
    expect(outbox.publish_count).toBeGreaterThanOrEqual(2);
    const events = async (): Promise<string[]> =>
      (await db.dataSource.getRepository(EventEntity).findBy({ reference_object_id: id })).map((e) => e.name);
    expect(await events()).toEqual(['document.extracted']);

    // The same job delivered once more (a worker killed after its commit, before the ack).
    const queue = new Bull(QUEUE.documents, TEST_REDIS_URL, { prefix });
    const replay = await queue.add(JOB.extractDocument, { documentId: id, outboxId: outbox.id }, { jobId: `${outbox.id}:again` });
    await expect(replay.finished()).resolves.toBe('nothing_to_do');
    await queue.close();
    expect(await events()).toEqual(['document.extracted']);
    expect(await db.dataSource.getRepository(DocumentRepresentationEntity).countBy({ document_id: id })).toBe(1);
  }, 900_000);
});
