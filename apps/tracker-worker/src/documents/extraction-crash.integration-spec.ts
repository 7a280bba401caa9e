import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { billOfLadingPdf, createAccount, SAMPLE_BILL_OF_LADING, scannedPdf } from '@quayside/testing';
import { waitFor, WorkerProcesses } from '../test/worker-processes';

/**
 * The drill of docs/documents.md "Extraction": the worker as a real process (the production
 * `main.ts`) is killed with SIGKILL while it reads a three-page scan by OCR, then a fresh one
 * starts: the document ends extracted once, with one representation and one event.
 */
describe('a worker killed during an extraction', () => {
  let processes: WorkerProcesses;
  let storageDir: string;

  beforeAll(async () => {
    processes = await WorkerProcesses.start();
    storageDir = await mkdtemp(join(tmpdir(), 'quayside-extract-crash-'));
  });

  afterAll(async () => {
    await processes.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  const startWorker = () =>
    processes.startWorker({
      STORAGE_LOCAL_DIR: storageDir,
      // The killed worker's hold on the document lapses after this; the next claim waits for it.
      // A lease must outlast a whole read and 10 s (checked at boot): the read keeps its default
      // bound (three pages of OCR take minutes on a machine loaded twenty times over), a page
      // twice the default, and the lease the shortest the read allows.
      DOCUMENT_EXTRACTION_LEASE_MS: '190000',
      DOCUMENT_PAGE_TIMEOUT_MS: '120000',
    });

  it('ends extracted exactly once, also when the job is delivered again after its commit', async () => {
    const { db } = processes;
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
    await waitFor('the first worker to claim the document', async () => (await document()).extraction_lease_id !== null, 120_000);
    await processes.kill(first, 120_000);
    expect(await document()).toMatchObject({ extraction_status: 'pending', extraction_attempts: 1, last_document_representation_id: null });
    expect(await db.dataSource.getRepository(EventEntity).countBy({ account_id: account.id })).toBe(0);

    // The faster path than Bull's lock expiry: the job is gone from Redis and its outbox row republished.
    await processes.dropQueue(QUEUE.documents);

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
    await expect(
      processes.deliverAgain(QUEUE.documents, JOB.extractDocument, { documentId: id, outboxId: outbox.id }, `${outbox.id}:again`),
    ).resolves.toBe('nothing_to_do');
    expect(await events()).toEqual(['document.extracted']);
    expect(await db.dataSource.getRepository(DocumentRepresentationEntity).countBy({ document_id: id })).toBe(1);
  }, 900_000);
});
