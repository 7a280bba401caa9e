import { billOfLadingPdf, createAccount, nestedEmail, SAMPLE_BILL_OF_LADING } from '@quayside/testing';
import { DocumentExtractionHarness, scansMail } from '../test/document-extraction-harness';
import { EXTRACTION_JOBS } from './extract-document.use-case';

// What the worker records when a document cannot be read, is too large, or its extraction was
// interrupted: failed once with the reason, or extracted exactly once.
describe('document extraction failures and retries (tracker-worker)', () => {
  const harness = DocumentExtractionHarness.forTests();
  let accountId: string;

  beforeEach(async () => {
    accountId = (await createAccount(harness.db.dataSource)).id;
  });

  const eventNames = async (documentId: string): Promise<string[]> => (await harness.events(documentId)).map((e) => e.name);

  it('records a file it cannot read as failed, with document.extraction_failed', async () => {
    const job = await harness.upload(accountId, 'broken.pdf', 'pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage'));

    await expect(harness.extract(job)).resolves.toBe('failed');

    const document = await harness.documentRow(job.documentId);
    expect(document).toMatchObject({ extraction_status: 'failed', last_document_representation_id: null });
    expect(document.extraction_error).toMatch(/cannot be read/);
    expect(await harness.representations(job.documentId)).toEqual([]);
    expect((await harness.events(job.documentId)).map((e) => [e.name, e.payload])).toEqual([
      ['document.extraction_failed', { extraction_error: document.extraction_error }],
    ]);
  });

  // A mail stored before the api's DOCUMENT_MAX_ATTACHMENTS was lowered (here: the default, 20) is not read past it.
  it.each([
    ['21 scans', () => scansMail(21)],
    ['a forwarded mail holding 20 scans (1 + 20)', () => nestedEmail(1, scansMail(20))],
  ])('fails a stored mail of more than DOCUMENT_MAX_ATTACHMENTS attachments (%s) at once, naming the setting', async (_label, make) => {
    const job = await harness.upload(accountId, 'fwd.eml', 'eml', make());

    await expect(harness.extract(job)).resolves.toBe('failed');

    const document = await harness.documentRow(job.documentId);
    expect(document).toMatchObject({ extraction_status: 'failed', extraction_attempts: 1, last_document_representation_id: null });
    expect(document.extraction_error).toBe(
      'The file fwd.eml holds more than 20 attachments, counting those of mail attached to it; at most 20 are accepted (DOCUMENT_MAX_ATTACHMENTS).',
    );
    expect(await eventNames(job.documentId)).toEqual(['document.extraction_failed']);
  });

  it('drill: a worker killed between claim and record leaves the document extracted exactly once', async () => {
    const job = await harness.upload(
      accountId,
      'bl.pdf',
      'pdf',
      await billOfLadingPdf({ ...SAMPLE_BILL_OF_LADING, billOfLading: 'MAEU260111111' }),
    );
    const extractions = harness.extractions;
    // Worker A claims and "dies": it never records, its lease stays.
    const dead = await extractions.claim(job.documentId, 600_000);
    if (dead.outcome !== 'claimed') throw new Error('worker A should have claimed the document');

    // The job comes back (Bull's stalled check, the relay's redelivery) while A's lease holds: put off, not run.
    await expect(harness.extract(job)).resolves.toBe('deferred');
    const deferred = await harness.outboxRow(job.outboxId);
    expect(deferred.completed_at).toBeNull();
    expect(deferred.available_at.getTime()).toBe(dead.claim.document.extraction_lease_until!.getTime());

    // A's lease runs out (moved into the past rather than waited for); worker B takes over.
    await harness.db.dataSource.query(`UPDATE documents SET extraction_lease_until = now() - interval '1 second' WHERE id = $1`, [
      job.documentId,
    ]);
    await expect(harness.extract(job)).resolves.toBe('extracted');

    // A was only slow, not dead: its late result finds B's record and writes nothing.
    const late = await extractions.record(dead.claim, { status: 'failed', error: 'late' }, job.outboxId, EXTRACTION_JOBS);
    expect(late).toEqual({ outcome: 'stale' });
    // And the same job delivered once more does nothing.
    await expect(harness.extract(job)).resolves.toBe('nothing_to_do');

    const document = await harness.documentRow(job.documentId);
    expect(document).toMatchObject({ extraction_status: 'extracted', extraction_attempts: 2, extraction_error: null });
    expect(await harness.representations(job.documentId)).toHaveLength(1);
    expect(await eventNames(job.documentId)).toEqual(['document.extracted']);
  });

  it('gives up on a document whose extraction never finished DOCUMENT_EXTRACTION_MAX_ATTEMPTS times', async () => {
    const job = await harness.upload(
      accountId,
      'poison.pdf',
      'pdf',
      await billOfLadingPdf({ ...SAMPLE_BILL_OF_LADING, billOfLading: 'MAEU260222222' }),
    );
    await harness.db.dataSource.query(`UPDATE documents SET extraction_attempts = 3 WHERE id = $1`, [job.documentId]);

    await expect(harness.extract(job)).resolves.toBe('failed');

    expect((await harness.documentRow(job.documentId)).extraction_error).toMatch(/started 3 times/);
    expect(await eventNames(job.documentId)).toEqual(['document.extraction_failed']);
  });
});
