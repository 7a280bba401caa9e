import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  DocumentExtractionRepository,
  OutboxEntity,
  OutboxRepository,
  PlanUsageRepository,
  TrackingRequestRepository,
  ListTotals,
} from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { JOB, QUEUE } from '@quayside/queues';
import { ApiTestContext, call } from '../test/api-test-app';
import { multipartForm, textPdf, uploadDocument } from '../test/document-upload';
import { serveCarriers } from '@quayside/testing';

describe('documents: upload, read, download, delete', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let account: ProvisionedAccount;
  let storageDir: string;

  const upload = (
    fileName: string,
    bytes: Buffer,
    fields: Record<string, string> = {},
    key = account.key,
  ): Promise<{ status: number; json: Record<string, unknown> }> => uploadDocument(app, key, fileName, bytes, fields);

  const storedFiles = async (): Promise<string[]> => readdir(join(storageDir, 'documents', account.account.id)).catch(() => []);
  const errorOf = (json: Record<string, unknown>): Record<string, unknown> => (json['errors'] as Record<string, unknown>[])[0]!;

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'quayside-documents-'));
    ctx = await ApiTestContext.create();
    // A tracker-worker configured with these lines serves them (docs/carriers.md, "What this server tracks").
    await serveCarriers(ctx.db.dataSource, ['MAEU']);
    app = await ctx.startApp({
      STORAGE_LOCAL_DIR: storageDir,
      STORAGE_SIGNING_SECRET: 'test-secret',
      DOCUMENT_MAX_PAGES: 3,
      DOCUMENT_MAX_BYTES: 200_000,
    });
    account = await ctx.account();
  });

  afterAll(async () => {
    await ctx.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('a multipart PDF upload becomes a document whose signed download URL serves the same bytes; deleting it deletes them', async () => {
    const bytes = await textPdf(2);
    const created = await upload('MEDUAB123456.pdf', bytes, { name: 'BL for April' });
    expect(created.status).toBe(201);
    const data = created.json['data'] as { id: string; attributes: Record<string, unknown> };
    expect(data.attributes).toMatchObject({
      name: 'BL for April',
      file_name: 'MEDUAB123456.pdf',
      file_content_type: 'application/pdf',
      file_size_bytes: bytes.length,
      page_count: 2,
      source: 'upload',
      document_type: 'other',
    });

    const fetched = await call(app, 'GET', `/v2/documents/${data.id}?include=current_extraction`, { key: account.key });
    expect(fetched.status).toBe(200);

    const url = new URL(
      ((await call(app, 'GET', `/v2/documents/${data.id}/download_url`, { key: account.key })).json as { download_url: string })
        .download_url,
    );
    const download = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
    const tampered = new URLSearchParams(url.search);
    tampered.set('expires', String(Number(tampered.get('expires')) + 3600));
    expect((await app.inject({ method: 'GET', url: `${url.pathname}?${tampered.toString()}` })).statusCode).toBe(403);

    expect(await storedFiles()).toContain(data.id);
    expect((await call(app, 'DELETE', `/v2/documents/${data.id}`, { key: account.key })).status).toBe(204);
    expect(await storedFiles()).not.toContain(data.id);
    expect((await call(app, 'GET', `/v2/documents/${data.id}`, { key: account.key })).status).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(404);
  });

  it('the same file twice answers 409 duplicate_document naming the first', async () => {
    const bytes = await textPdf(1, 'ARRIVAL NOTICE');
    const first = (await upload('an.pdf', bytes)).json['data'] as { id: string };
    const second = await upload('an-again.pdf', bytes);
    expect(second.status).toBe(409);
    expect(errorOf(second.json)).toMatchObject({ code: 'duplicate_document', meta: { existing_document_id: first.id } });
  });

  it('two steps: an upload URL, the file PUT to it, then the document from attached_document', async () => {
    const grant = await call(app, 'POST', '/v2/document_uploads', {
      key: account.key,
      body: { data: { type: 'document_upload', attributes: { file_name: 'two-step.pdf' } } },
    });
    expect(grant.status).toBe(201);
    const { upload_url: uploadUrl, attached_document: attached } = (
      grant.json!['data'] as { attributes: { upload_url: string; attached_document: string } }
    ).attributes;
    const early = await call(app, 'POST', '/v2/documents', {
      key: account.key,
      body: { data: { type: 'document', attributes: { attached_document: attached } } },
    });
    expect(early.status).toBe(422);

    const form = multipartForm('two-step.pdf', await textPdf(1, 'DELIVERY ORDER'));
    const put = await app.inject({
      method: 'PUT',
      url: `${new URL(uploadUrl).pathname}${new URL(uploadUrl).search}`,
      headers: form.headers,
      payload: form.body,
    });
    expect(put.statusCode).toBe(204);
    const created = await call(app, 'POST', '/v2/documents', {
      key: account.key,
      body: { data: { type: 'document', attributes: { attached_document: attached, name: 'DO' } } },
    });
    expect(created.status).toBe(201);
    expect((created.json!['data'] as { attributes: Record<string, unknown> }).attributes).toMatchObject({
      name: 'DO',
      source: 'api',
      file_name: 'two-step.pdf',
    });

    const forged = await app.inject({
      method: 'PUT',
      url: `/document_upload_files?token=${encodeURIComponent(`${attached.slice(0, -2)}xx`)}`,
      headers: form.headers,
      payload: form.body,
    });
    expect(forged.statusCode).toBe(403);
  });

  it('multipart is refused on routes that take no file', async () => {
    const form = multipartForm('bl.pdf', await textPdf(1));
    const response = await app.inject({
      method: 'POST',
      url: '/v2/parties',
      headers: { ...form.headers, authorization: `Token ${account.key}` },
      payload: form.body,
    });
    expect(response.statusCode).toBe(415);
  });

  it('edits, rotates, lists, and serves types and schemas', async () => {
    const id = ((await upload('rotate-me.pdf', await textPdf(1, 'INVOICE 42'))).json['data'] as { id: string }).id;
    const patched = await call(app, 'PATCH', `/v2/documents/${id}`, {
      key: account.key,
      body: { data: { type: 'document', attributes: { document_type_manual: 'invoice' } } },
    });
    expect((patched.json!['data'] as { attributes: Record<string, unknown> }).attributes['document_type_manual']).toBe('invoice');
    expect((await call(app, 'POST', `/v2/documents/${id}/rotate`, { key: account.key, body: { degrees: 45 } })).status).toBe(422);
    expect((await call(app, 'POST', `/v2/documents/${id}/rotate`, { key: account.key, body: { degrees: 90 } })).json).toEqual({
      status: 'accepted',
    });
    const listed = await call(app, 'GET', '/v2/documents?filter[document_types]=invoice', { key: account.key });
    expect((listed.json!['data'] as { id: string }[]).map((row) => row.id)).toEqual([id]);
    const types = await call(app, 'GET', '/v2/documents/types', { key: account.key });
    expect((types.json as { document_types: { code: string }[] }).document_types.map((type) => type.code)).toEqual([
      'bill_of_lading',
      'arrival_notice',
      'delivery_order',
      'invoice',
      'other',
    ]);
    const schema = await call(app, 'GET', '/v2/document_schemas/bill_of_lading@2026-11-01', { key: account.key });
    expect((schema.json!['data'] as { attributes: Record<string, unknown> }).attributes).toMatchObject({
      document_type: 'bill_of_lading',
      schema_format: 'json_schema',
      current: true,
    });
    expect((await call(app, 'GET', '/v2/document_schemas/nothing@2026-11-01', { key: account.key })).status).toBe(404);
    expect((await call(app, 'GET', '/v2/email_submissions', { key: account.key })).status).toBe(200);
  });

  it('extraction is queued through the outbox and its result served as the reference has it', async () => {
    const extractionRows = async (documentId: string): Promise<OutboxEntity[]> =>
      ctx.db.dataSource
        .getRepository(OutboxEntity)
        .createQueryBuilder('o')
        .where(`o.job_name = 'extract-document' AND o.payload->>'documentId' = :documentId`, { documentId })
        .getMany();
    expect((await upload('flag.pdf', await textPdf(1, 'FLAG'), { create_tracking_requests: 'yes' })).status).toBe(400);
    const created = await upload('queued.pdf', await textPdf(1, 'BILL OF LADING B/L No.: MAEU260444444'), {
      create_tracking_requests: 'true',
    });
    const data = created.json['data'] as { id: string; attributes: Record<string, unknown> };
    expect(data.attributes).toMatchObject({ extraction_status: 'pending', extraction_error: null, create_tracking_requests: true });
    const [first, ...none] = await extractionRows(data.id);
    expect(none).toEqual([]);
    expect(first).toMatchObject({ queue: QUEUE.documents, account_id: account.account.id, completed_at: null });

    // What the tracker-worker does, through its repository: claim, then record an extraction.
    const dataSource = ctx.db.dataSource;
    const outbox = new OutboxRepository(dataSource);
    const extractions = new DocumentExtractionRepository(
      dataSource,
      outbox,
      new TrackingRequestRepository(dataSource, outbox, new ListTotals()),
      new PlanUsageRepository(dataSource),
    );
    const claimed = await extractions.claim(data.id, 60_000);
    if (claimed.outcome !== 'claimed') throw new Error('expected to claim the new document');
    const payload = {
      bill_of_lading_numbers: [{ value: 'MAEU260444444', confidence: 0.9, page: 1, line: 1, source_text: 'B/L No.: MAEU260444444' }],
    };
    const jobs = {
      track: { queue: QUEUE.tracker, jobName: JOB.trackRequest },
      fanOut: { queue: QUEUE.webhookFanout, jobName: JOB.fanOut },
    };
    await extractions.record(
      claimed.claim,
      {
        status: 'extracted',
        documentType: 'bill_of_lading',
        classificationNotes: 'Classified as bill_of_lading.',
        schemaVersion: 'bill_of_lading@2026-11-01',
        payload,
        billOfLadingNumbers: ['MAEU260444444'],
        bookingNumbers: [],
        containerNumbers: [],
        scac: 'MAEU',
      },
      first!.id,
      jobs,
    );
    const fetched = await call(app, 'GET', `/v2/documents/${data.id}?include=current_extraction`, { key: account.key });
    const document = fetched.json!['data'] as { attributes: Record<string, unknown>; relationships: Record<string, { data: unknown }> };
    expect(document.attributes).toMatchObject({
      extraction_status: 'extracted',
      document_type: 'bill_of_lading',
      classification_notes: 'Classified as bill_of_lading.',
    });
    const representation = (fetched.json!['included'] as { id: string; type: string; attributes: Record<string, unknown> }[])[0]!;
    expect(document.relationships['last_document_representation']!.data).toEqual({
      id: representation.id,
      type: 'document_representation',
    });
    expect(document.relationships['account']!.data).toEqual({ id: account.account.id, type: 'account' });
    expect(document.relationships['user']!.data).toBeNull();
    expect(representation.attributes).toMatchObject({ schema_version: 'bill_of_lading@2026-11-01', payload });
    const requests = await call(app, 'GET', '/v2/tracking_requests', { key: account.key });
    expect((requests.json!['data'] as { attributes: Record<string, unknown> }[]).map((r) => r.attributes['request_number'])).toContain(
      'MAEU260444444',
    );

    // Every way of asking again queues another extraction of a new generation.
    for (const action of ['reextract', 'reclassify', 'relink']) {
      expect((await call(app, 'POST', `/v2/documents/${data.id}/${action}`, { key: account.key })).json).toEqual({ status: 'accepted' });
    }
    expect((await call(app, 'POST', `/v2/documents/${data.id}/rotate`, { key: account.key, body: { degrees: 180 } })).status).toBe(202);
    expect(await extractionRows(data.id)).toHaveLength(5);
    const again = (await call(app, 'GET', `/v2/documents/${data.id}`, { key: account.key })).json!['data'] as {
      attributes: Record<string, unknown>;
    };
    expect(again.attributes).toMatchObject({ extraction_status: 'pending' });
  });

  it('the account setting documents_create_tracking_requests is read and changed through /v2/account', async () => {
    const other = await ctx.account();
    const shown = await call(app, 'GET', '/v2/account', { key: other.key });
    expect((shown.json!['data'] as { attributes: Record<string, unknown> }).attributes['documents_create_tracking_requests']).toBe(false);
    const wrong = await call(app, 'PATCH', '/v2/account', {
      key: other.key,
      body: { data: { type: 'account', attributes: { documents_create_tracking_requests: 'yes' } } },
    });
    expect(wrong.status).toBe(422);
    const changed = await call(app, 'PATCH', '/v2/account', {
      key: other.key,
      body: { data: { type: 'account', attributes: { documents_create_tracking_requests: true } } },
    });
    expect(changed.status).toBe(200);
    expect((changed.json!['data'] as { attributes: Record<string, unknown> }).attributes['documents_create_tracking_requests']).toBe(true);
    expect(
      ((await call(app, 'GET', '/v2/account', { key: other.key })).json!['data'] as { attributes: Record<string, unknown> }).attributes[
        'documents_create_tracking_requests'
      ],
    ).toBe(true);
    // Another account's setting is untouched.
    expect(
      ((await call(app, 'GET', '/v2/account', { key: account.key })).json!['data'] as { attributes: Record<string, unknown> }).attributes[
        'documents_create_tracking_requests'
      ],
    ).toBe(false);
  });
});
