import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OutboxEntity } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { emailWithAttachments, pdfWithPageSize, pngDeclaring, SmtpClient, tiffWithPages } from '@quayside/testing';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ApiTestContext, call } from '../test/api-test-app';
import { SmtpListenerService } from './smtp-listener.service';

const DOMAIN = 'inbound.quayside.test';
const MAX_MESSAGE_BYTES = 60_000;

async function pdf(text: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 12, font });
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

interface Attachment {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** A real multipart/mixed message, as a mail client forwards one, with base64 attachments. */
function eml(to: string, subject: string, attachments: readonly Attachment[]): string {
  const boundary = 'quayside-test-boundary';
  const lines = [
    'From: Ops Team <ops@importer.example>',
    `To: ${to}`,
    'Cc: broker@importer.example',
    `Subject: ${subject}`,
    'Date: Tue, 24 Nov 2026 09:30:00 +0000',
    `Message-ID: <${randomUUID()}@importer.example>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Please see the attached documents.',
  ];
  for (const attachment of attachments) {
    lines.push(
      `--${boundary}`,
      `Content-Type: ${attachment.contentType}; name="${attachment.fileName}"`,
      `Content-Disposition: attachment; filename="${attachment.fileName}"`,
      'Content-Transfer-Encoding: base64',
      '',
      ...(attachment.bytes.toString('base64').match(/.{1,76}/g) ?? []),
    );
  }
  lines.push(`--${boundary}--`, '');
  return lines.join('\r\n');
}

/** `count` PDFs, each of its own content (a file the account holds already would be refused as a duplicate). */
async function pdfs(count: number, tag: string): Promise<Attachment[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      fileName: `${tag}-${index + 1}.pdf`,
      contentType: 'application/pdf',
      bytes: await pdf(`ARRIVAL NOTICE ${tag} ${index + 1}`),
    })),
  );
}

/** Forwarded mail holding `attachments`, to attach to a message as `fileName`. */
const forwarded = (fileName: string, attachments: Attachment[]): Attachment => ({
  fileName,
  contentType: 'message/rfc822',
  bytes: emailWithAttachments(`Fwd: ${fileName}`, 'See attached.', attachments),
});

describe('email submissions over SMTP', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let account: ProvisionedAccount;
  let storageDir: string;
  let port: number;

  const address = (): string => `${account.account.id}@${DOMAIN}`;
  const storedFiles = async (): Promise<string[]> => readdir(join(storageDir, 'documents', account.account.id)).catch(() => []);

  async function counts(): Promise<{ submissions: number; documents: number; files: number }> {
    const submissions = await call(app, 'GET', '/v2/email_submissions', { key: account.key });
    const documents = await call(app, 'GET', '/v2/documents', { key: account.key });
    return {
      submissions: (submissions.json?.['data'] as unknown[]).length,
      documents: (documents.json?.['data'] as unknown[]).length,
      files: (await storedFiles()).length,
    };
  }

  /** Sends one message; answers the reply to each step up to the first refusal. */
  const deliver = (to: string, message: string, mailFrom?: string): Promise<Record<string, string>> =>
    SmtpClient.deliver(port, to, message, mailFrom);

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'quayside-email-'));
    ctx = await ApiTestContext.create();
    app = await ctx.startApp({
      STORAGE_LOCAL_DIR: storageDir,
      STORAGE_SIGNING_SECRET: 'test-secret',
      SMTP_ENABLED: 'true',
      SMTP_PORT: 0,
      SMTP_MAX_MESSAGE_BYTES: MAX_MESSAGE_BYTES,
      INBOUND_EMAIL_DOMAIN: DOMAIN,
    });
    account = await ctx.account();
    port = app.get(SmtpListenerService).port ?? 0;
  });

  afterAll(async () => {
    await ctx.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('the account shows its inbound address', async () => {
    const shown = await call(app, 'GET', '/v2/account', { key: account.key });
    expect((shown.json?.['data'] as { attributes: Record<string, unknown> }).attributes['inbound_email_address']).toBe(address());
  });

  it('a message with two PDF attachments becomes one email submission with two documents', async () => {
    const attachments = [
      { fileName: 'MEDUAB123456.pdf', contentType: 'application/pdf', bytes: await pdf('BILL OF LADING MEDUAB123456') },
      { fileName: 'arrival-notice.pdf', contentType: 'application/pdf', bytes: await pdf('ARRIVAL NOTICE MSCU1234566') },
    ];
    const replies = await deliver(address(), eml(address(), 'Fwd: BL and arrival notice', attachments));
    expect(replies['ehlo']).toContain(`SIZE ${MAX_MESSAGE_BYTES}`);
    expect(replies['end']).toMatch(/^250 2\.0\.0 Stored as email submission [0-9a-f-]{36}/);
    const submissionId = /submission ([0-9a-f-]{36})/.exec(replies['end']!)![1]!;

    const shown = await call(app, 'GET', `/v2/email_submissions/${submissionId}`, { key: account.key });
    expect(shown.status).toBe(200);
    const data = shown.json?.['data'] as {
      attributes: Record<string, unknown>;
      relationships: { documents: { data: { id: string }[] }; account: { data: unknown }; user: { data: unknown } };
    };
    expect(data.attributes).toMatchObject({
      subject: 'Fwd: BL and arrival notice',
      from: ['ops@importer.example'],
      to: [address()],
      cc: ['broker@importer.example'],
    });
    expect(data.relationships.documents.data).toHaveLength(2);
    expect(data.relationships.account.data).toEqual({ id: account.account.id, type: 'account' });
    expect(data.relationships.user.data).toBeNull();
    const included = (shown.json?.['included'] as { type: string; attributes: Record<string, unknown> }[]).filter(
      (row) => row.type === 'document',
    );
    expect(included.map((row) => row.attributes['file_name']).sort()).toEqual(['MEDUAB123456.pdf', 'arrival-notice.pdf']);
    expect(included.every((row) => row.attributes['source'] === 'email' && row.attributes['file_content_type'] === 'application/pdf')).toBe(
      true,
    );
    expect(await counts()).toEqual({ submissions: 1, documents: 2, files: 2 });
    // Each emailed document is queued for extraction in the transaction that stored it.
    const ids = data.relationships.documents.data.map((row) => row.id);
    const queued = await ctx.db.dataSource
      .getRepository(OutboxEntity)
      .createQueryBuilder('o')
      .where(`o.job_name = 'extract-document' AND o.payload->>'documentId' IN (:...ids)`, { ids })
      .getCount();
    expect(queued).toBe(2);
    expect(included.every((row) => row.attributes['extraction_status'] === 'pending')).toBe(true);
  });

  it('keeps a file attached twice once, and refuses mail whose only file the account already holds', async () => {
    const before = await counts();
    const bytes = await pdf('DELIVERY ORDER DO-77');
    const twice = [
      { fileName: 'do.pdf', contentType: 'application/pdf', bytes },
      { fileName: 'do-copy.pdf', contentType: 'application/pdf', bytes },
    ];
    expect((await deliver(address(), eml(address(), 'DO twice', twice)))['end']).toMatch(/^250 /);
    expect(await counts()).toEqual({ submissions: before.submissions + 1, documents: before.documents + 1, files: before.files + 1 });
    const again = await deliver(address(), eml(address(), 'DO again', twice.slice(0, 1)));
    expect(again['end']).toMatch(/^554 5\.6\.1 Attachment do\.pdf refused: This file was already uploaded/);
    expect(await counts()).toEqual({ submissions: before.submissions + 1, documents: before.documents + 1, files: before.files + 1 });
  });

  it('refuses unknown recipients at RCPT with 550 5.1.1', async () => {
    const before = await counts();
    for (const to of [`${randomUUID()}@${DOMAIN}`, `${account.account.id}@elsewhere.example`, `postmaster@${DOMAIN}`]) {
      const replies = await deliver(to, '');
      expect(replies['rcpt']).toMatch(/^550 5\.1\.1/);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses an oversized message at MAIL (SIZE) and while it streams with 552, storing nothing', async () => {
    const before = await counts();
    const declared = await deliver(address(), '', `MAIL FROM:<ops@importer.example> SIZE=${MAX_MESSAGE_BYTES + 1}`);
    expect(declared['mail']).toMatch(/^552/);
    const big = eml(address(), 'Too big', [
      { fileName: 'big.pdf', contentType: 'application/pdf', bytes: Buffer.alloc(MAX_MESSAGE_BYTES, 1) },
    ]);
    const streamed = await deliver(address(), big);
    expect(streamed['end']).toMatch(/^552 5\.3\.4/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a message without usable attachments with 554 after DATA', async () => {
    const before = await counts();
    const replies = await deliver(
      address(),
      eml(address(), 'Just text', [{ fileName: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('hello') }]),
    );
    expect(replies['end']).toMatch(/^554 5\.6\.0 No usable attachment/);
    expect(await counts()).toEqual(before);
  });

  it('refuses the whole message when one attachment fails the upload checks, keeping none of the others', async () => {
    const before = await counts();
    const attachments = [
      { fileName: 'good.pdf', contentType: 'application/pdf', bytes: await pdf('DELIVERY ORDER 42') },
      { fileName: 'bl.pdf', contentType: 'application/pdf', bytes: Buffer.from('<html><body>not a pdf</body></html>') },
    ];
    const replies = await deliver(address(), eml(address(), 'One bad file', attachments));
    expect(replies['end']).toMatch(/^554 5\.6\.1 Attachment bl\.pdf refused/);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a PDF that is only its header and end', 'b.pdf', 'application/pdf', async () => Buffer.from('%PDF-1.4\n%%EOF\n')],
    ['a truncated PDF', 'cut.pdf', 'application/pdf', async () => (await pdf('BILL OF LADING')).subarray(0, 500)],
    [
      'a two-page TIFF whose second page declares 60,000 × 60,000 pixels',
      'scan.tif',
      'image/tiff',
      async () => tiffWithPages([{ width: 40, height: 30 }, { declare: { width: 60_000, height: 60_000 } }]),
    ],
    [
      'mail whose PNG attachment declares 60,000 × 60,000 pixels',
      'fwd.eml',
      'message/rfc822',
      async () =>
        emailWithAttachments('Fwd: scan', 'See attached.', [
          { fileName: 'scan.png', contentType: 'image/png', bytes: pngDeclaring(60_000, 60_000) },
        ]),
    ],
    ['a PDF page of 14,400 × 14,400 points', 'plan.pdf', 'application/pdf', async () => pdfWithPageSize(14_400, 14_400)],
  ] as const)('refuses mail carrying %s for good (554 naming it), never 451', async (_label, fileName, contentType, make) => {
    const before = await counts();
    const replies = await deliver(address(), eml(address(), 'Hostile file', [{ fileName, contentType, bytes: await make() }]));
    expect(replies['end']).toMatch(new RegExp(`^554 5\\.6\\.1 Attachment ${fileName.replace('.', '\\.')} refused: `));
    expect(await counts()).toEqual(before);
  });

  // DOCUMENT_MAX_ATTACHMENTS is left at its default, 20.
  it('keeps a message of 20 attachments, 19 of them PDFs and one forwarded mail: one document each', async () => {
    const before = await counts();
    const attachments = [...(await pdfs(19, 'keep')), forwarded('fwd.eml', [])];
    const replies = await deliver(address(), eml(address(), 'Twenty files', attachments));
    expect(replies['end']).toMatch(/^250 /);
    expect(await counts()).toEqual({ submissions: before.submissions + 1, documents: before.documents + 20, files: before.files + 20 });
  });

  it.each([
    ['21 PDFs', async () => pdfs(21, 'flat')],
    ['a forwarded mail holding 20 PDFs (1 + 20)', async () => [forwarded('fwd.eml', await pdfs(20, 'inner'))]],
    [
      '10 PDFs and two forwarded mails, one holding 9 PDFs and a mail of its own (10 + 2 + 9 + 1)',
      async () => [
        ...(await pdfs(10, 'outer')),
        forwarded('empty.eml', []),
        forwarded('fwd.eml', [...(await pdfs(9, 'nested')), forwarded('inner.eml', [])]),
      ],
    ],
  ])('refuses for good (552, never 451) a message of more than 20 attachments: %s, storing nothing', async (_label, make) => {
    const before = await counts();
    const replies = await deliver(address(), eml(address(), 'Too many files', await make()));
    expect(replies['end']).toMatch(
      /^552 5\.3\.4 The message holds more than 20 attachments, counting those of mail attached to it; at most 20 are accepted \(DOCUMENT_MAX_ATTACHMENTS\)/,
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses for good (554) a message whose one forwarded mail alone holds 21 attachments, naming it', async () => {
    const before = await counts();
    const replies = await deliver(address(), eml(address(), 'A full forward', [forwarded('full.eml', await pdfs(21, 'full'))]));
    expect(replies['end']).toMatch(
      /^554 5\.6\.1 Attachment full\.eml refused: The file full\.eml holds more than 20 attachments, .*\(DOCUMENT_MAX_ATTACHMENTS\)/,
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses for good a message that cannot be parsed as mail', async () => {
    const replies = await deliver(
      address(),
      'Content-Type: multipart/mixed; boundary="x"\r\n\r\n--x\r\nContent-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n%%%\r\n',
    );
    expect(replies['end']).toMatch(/^5\d\d /);
  });
});
