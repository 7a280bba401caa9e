import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { emailWithAttachments, nestedEmail, pdfWithPageSize, pngDeclaring, tiffWithPages } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';
import { textPdf, uploadDocument } from '../test/document-upload';

/** A PDF whose trailer names an encryption dictionary, as a password-protected file's does. */
async function encryptedPdf(): Promise<Buffer> {
  return Buffer.from((await textPdf(1)).toString('latin1').replace('trailer\n<<', 'trailer\n<<\n/Encrypt 1 0 R'), 'latin1');
}

/** Forwarded mail with `count` PDFs attached, each of its own content. */
async function mailWithPdfs(count: number, tag: string): Promise<Buffer> {
  const attachments = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      fileName: `${tag}-${index + 1}.pdf`,
      contentType: 'application/pdf',
      bytes: await textPdf(1, `ARRIVAL NOTICE ${tag} ${index + 1}`),
    })),
  );
  return emailWithAttachments(`Fwd: ${tag}`, 'See attached.', attachments);
}

/**
 * What an upload is refused for (docs/documents.md, "Limits" and "Refusals"): a broken form, a
 * file that is not what it says, corrupt, encrypted, too long, too large in bytes or in pixels, or
 * mail with too many attachments — each with its status and code, and nothing stored.
 */
describe('documents: uploads refused', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let account: ProvisionedAccount;
  let storageDir: string;

  const upload = (fileName: string, bytes: Buffer): Promise<{ status: number; json: Record<string, unknown> }> =>
    uploadDocument(app, account.key, fileName, bytes);
  const storedFiles = async (): Promise<string[]> => readdir(join(storageDir, 'documents', account.account.id)).catch(() => []);
  const errorOf = (json: Record<string, unknown>): Record<string, unknown> => (json['errors'] as Record<string, unknown>[])[0]!;

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'quayside-documents-'));
    ctx = await ApiTestContext.create();
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

  it.each([
    ['two bytes that are no form at all', Buffer.from([255, 254])],
    ['a part that never ends', Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nabc')],
  ])('answers a broken multipart body (%s) with 400, storing nothing', async (_label, body) => {
    const before = await ctx.db.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM documents`);
    const response = await call(app, 'POST', '/v2/documents', {
      key: account.key,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: body.toString('latin1'),
    });
    expect(response.status).toBe(400);
    expect((response.json!['errors'] as { detail: string }[])[0]!.detail).toContain('multipart form could not be read');
    expect(await ctx.db.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM documents`)).toEqual(before);
  });

  it.each([
    ['HTML behind .pdf', 415, 'file_type_mismatch', 'bl.pdf', async () => Buffer.from('<html><script>alert(1)</script></html>')],
    ['an encrypted PDF', 422, 'pdf_encrypted', 'locked.pdf', encryptedPdf],
    ['a corrupt PDF', 422, 'corrupt_file', 'broken.pdf', async () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog')],
    ['a PDF that is only its header and end', 422, 'corrupt_file', 'b.pdf', async () => Buffer.from('%PDF-1.4\n%%EOF\n')],
    ['a PDF cut in half', 422, 'corrupt_file', 'cut.pdf', async () => (await textPdf(1)).subarray(0, 600)],
    ['a PDF over the page limit', 422, 'too_many_pages', 'long.pdf', async () => textPdf(4)],
    ['a PDF page of 14,400 × 14,400 points', 422, 'too_large', 'plan.pdf', async () => pdfWithPageSize(14_400, 14_400)],
    [
      'a two-page TIFF whose second page declares 60,000 × 60,000 pixels',
      422,
      'too_large',
      'scan.tif',
      async () => tiffWithPages([{ width: 40, height: 30 }, { declare: { width: 60_000, height: 60_000 } }]),
    ],
    [
      'mail whose PNG attachment declares 60,000 × 60,000 pixels',
      422,
      'too_large',
      'fwd.eml',
      async () =>
        emailWithAttachments('Fwd: scan', 'See attached.', [
          { fileName: 'scan.png', contentType: 'image/png', bytes: pngDeclaring(60_000, 60_000) },
        ]),
    ],
    [
      'a file over the size limit',
      413,
      'file_too_large',
      'big.pdf',
      async () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(250_000, 0x20)]),
    ],
  ] as const)('%s is refused with %i %s and nothing is stored', async (_label, status, code, name, make) => {
    const before = await storedFiles();
    const response = await upload(name, await make());
    expect(response.status).toBe(status);
    expect(errorOf(response.json)).toMatchObject({ status: String(status), code });
    if (status === 422) expect(errorOf(response.json)['detail']).toContain(name);
    expect(await storedFiles()).toEqual(before);
  });

  // DOCUMENT_MAX_ATTACHMENTS is left at its default, 20; an attached mail counts as one and so does each file inside it.
  it.each([
    ['mail with 20 PDFs', async () => mailWithPdfs(20, 'flat')],
    ['mail with a forwarded mail holding 19 PDFs (1 + 19)', async () => nestedEmail(1, await mailWithPdfs(19, 'nested'))],
  ])('%s is accepted', async (_label, make) => {
    const response = await upload('fwd.eml', await make());
    expect(response.status).toBe(201);
    expect((response.json['data'] as { attributes: Record<string, unknown> }).attributes).toMatchObject({
      file_content_type: 'message/rfc822',
    });
  });

  it.each([
    ['mail with 21 PDFs', async () => mailWithPdfs(21, 'flat')],
    ['mail with a forwarded mail holding 20 PDFs (1 + 20)', async () => nestedEmail(1, await mailWithPdfs(20, 'nested'))],
    ['mail forwarded twice around 19 PDFs (1 + 1 + 19)', async () => nestedEmail(2, await mailWithPdfs(19, 'deep'))],
  ])('%s is refused with 422 too_large naming DOCUMENT_MAX_ATTACHMENTS, and nothing is stored', async (_label, make) => {
    const before = await storedFiles();
    const response = await upload('fwd.eml', await make());
    expect(response.status).toBe(422);
    expect(errorOf(response.json)).toMatchObject({
      status: '422',
      code: 'too_large',
      detail:
        'The file fwd.eml holds more than 20 attachments, counting those of mail attached to it; at most 20 are accepted (DOCUMENT_MAX_ATTACHMENTS).',
    });
    expect(await storedFiles()).toEqual(before);
  });
});
