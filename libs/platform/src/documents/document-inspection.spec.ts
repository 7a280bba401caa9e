import {
  billOfLadingPdf,
  emailWithAttachments,
  flipBits,
  nestedEmail,
  pdfWithPageSize,
  pngDeclaring,
  realPng,
  tiffWithPages,
} from '@quayside/testing';
import fc from 'fast-check';
import { inspectDocument } from './document-inspection';

const LIMITS = { maxBytes: 1_000_000, maxPages: 10, maxPixels: 40_000_000, maxEmailDepth: 3, maxAttachments: 3 };
const text = (value: string): Buffer => Buffer.from(value, 'utf8');
const mailWith = (fileName: string, contentType: string, bytes: Buffer): Buffer =>
  emailWithAttachments('Fwd: documents', 'See attached.', [{ fileName, contentType, bytes }]);
/** Mail with `count` PNG scans attached, and `extra` files of a kind that is not read. */
const mailWithScans = (
  count: number,
  extra: { fileName: string; contentType: string; bytes: Buffer }[] = [],
  scan: Buffer = realPng(),
): Buffer =>
  emailWithAttachments('Fwd: scans', 'See attached.', [
    ...Array.from({ length: count }, (_, index) => ({ fileName: `scan-${index + 1}.png`, contentType: 'image/png', bytes: scan })),
    ...extra,
  ]);

describe('inspectDocument', () => {
  let bill: Buffer;
  beforeAll(async () => {
    bill = await billOfLadingPdf();
  });

  it.each([
    ['a PDF named .pdf', 'bl.pdf', () => bill, { kind: 'pdf', pageCount: 1, attachments: 0 }],
    ['a PDF without an extension', 'scan', () => bill, { kind: 'pdf', pageCount: 1, attachments: 0 }],
    ['a PNG', 'page.png', () => realPng(), { kind: 'png', pageCount: 1, attachments: 0 }],
    [
      'a two-page TIFF',
      'scan.tif',
      () =>
        tiffWithPages([
          { width: 40, height: 30 },
          { width: 30, height: 20 },
        ]),
      { kind: 'tiff', pageCount: 2, attachments: 0 },
    ],
    ['mail with a PNG', 'fwd.eml', () => mailWith('scan.png', 'image/png', realPng()), { kind: 'eml', pageCount: null, attachments: 1 }],
    [
      // Two attached mails and the PNG in the innermost: three attachments, the limit.
      'mail in mail in mail (depth 3)',
      'fwd.eml',
      () => nestedEmail(2, mailWith('scan.png', 'image/png', realPng())),
      { kind: 'eml', pageCount: null, attachments: 3 },
    ],
    ['mail with as many scans as the limit', 'fwd.eml', () => mailWithScans(3), { kind: 'eml', pageCount: null, attachments: 3 }],
    [
      'mail with as many scans as the limit and files of kinds not read',
      'fwd.eml',
      () =>
        mailWithScans(3, [
          { fileName: 'notes.txt', contentType: 'text/plain', bytes: text('hello') },
          { fileName: 'sheet.csv', contentType: 'text/csv', bytes: text('a,b\n1,2') },
        ]),
      { kind: 'eml', pageCount: null, attachments: 3 },
    ],
  ] as const)('%s is accepted', async (_label, name, bytes, expected) => {
    expect(await inspectDocument(name, bytes(), LIMITS)).toEqual(expected);
  });

  it.each<[string, string, () => Buffer | undefined, number, string, string]>([
    ['an empty file', 'bl.pdf', () => Buffer.alloc(0), 422, 'empty_file', 'The file bl.pdf is empty.'],
    [
      'HTML behind .pdf',
      'bl.pdf',
      () => text('<html><script>alert(1)</script></html>'),
      415,
      'file_type_mismatch',
      'The file bl.pdf is named as PDF but is not',
    ],
    ['a PNG behind .pdf', 'bl.pdf', () => realPng(), 415, 'file_type_mismatch', 'The file bl.pdf is named as PDF but its content is PNG.'],
    ['a ZIP', 'archive.zip', () => text('PK\u0003\u0004rest of it'), 415, 'unsupported_file_type', 'archive.zip'],
    ['plain text behind .eml', 'note.eml', () => text('just a note: not mail\nsecond line'), 415, 'file_type_mismatch', 'note.eml'],
    [
      'a PDF that is only its header and %%EOF',
      'b.pdf',
      () => text('%PDF-1.4\n%%EOF\n'),
      422,
      'corrupt_file',
      'The file b.pdf cannot be read',
    ],
    ['a PDF cut in half', 'cut.pdf', () => bill.subarray(0, bill.length >> 1), 422, 'corrupt_file', 'truncated'],
    [
      'a PDF page of 14,400 × 14,400 points',
      'plan.pdf',
      () => undefined,
      422,
      'too_large',
      'Page 1 of the file plan.pdf (rendered for OCR) is 28800×28800 pixels',
    ],
    [
      'a PNG declaring 60,000 × 60,000',
      'bomb.png',
      () => pngDeclaring(60_000, 60_000),
      422,
      'too_large',
      'The file bomb.png is 60000×60000 pixels',
    ],
    ['a PNG cut short', 'cut.png', () => realPng().subarray(0, 100), 422, 'corrupt_file', 'truncated'],
    [
      'a PNG cut inside its first data chunk',
      'cut.png',
      () => realPng().subarray(0, 40),
      422,
      'corrupt_file',
      'The file cut.png cannot be read',
    ],
    ['a PNG declaring zero width', 'zero.png', () => pngDeclaring(0, 10), 422, 'corrupt_file', 'declares no pixel size'],
    [
      'a JPEG that is only its start marker',
      'cut.jpg',
      () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
      422,
      'corrupt_file',
      'The file cut.jpg cannot be read',
    ],
    [
      'a TIFF whose second page declares 60,000 × 60,000',
      'two.tif',
      () => tiffWithPages([{ width: 40, height: 30 }, { declare: { width: 60_000, height: 60_000 } }]),
      422,
      'too_large',
      'Page 2 of the file two.tif is 60000×60000 pixels',
    ],
    [
      'a TIFF cut short',
      'cut.tif',
      () => tiffWithPages([{ width: 40, height: 30 }]).subarray(0, 300),
      422,
      'corrupt_file',
      'past the end of the file',
    ],
    [
      'a TIFF of 11 pages',
      'long.tif',
      () => tiffWithPages(Array.from({ length: 11 }, () => ({ width: 4, height: 4 }))),
      422,
      'too_many_pages',
      'has 11 pages',
    ],
    [
      'mail whose PNG declares 60,000 × 60,000',
      'fwd.eml',
      () => mailWith('scan.png', 'image/png', pngDeclaring(60_000, 60_000)),
      422,
      'too_large',
      'The attachment scan.png of the file fwd.eml is 60000×60000 pixels',
    ],
    [
      'mail with a broken PDF',
      'fwd.eml',
      () => mailWith('b.pdf', 'application/pdf', text('%PDF-1.4\n%%EOF\n')),
      422,
      'corrupt_file',
      'The attachment b.pdf of the file fwd.eml cannot be read',
    ],
    [
      'mail in mail whose PNG is a bomb',
      'fwd.eml',
      () => nestedEmail(1, mailWith('scan.png', 'image/png', pngDeclaring(60_000, 60_000))),
      422,
      'too_large',
      'The attachment scan.png of the attachment forwarded-1.eml of the file fwd.eml',
    ],
    [
      'mail with one scan more than the limit',
      'fwd.eml',
      () => mailWithScans(4),
      422,
      'too_large',
      'The file fwd.eml holds more than 3 attachments, counting those of mail attached to it; at most 3 are accepted (DOCUMENT_MAX_ATTACHMENTS).',
    ],
    [
      // Counted before any is opened: the count refuses them, not the first one's pixels.
      'mail with 500 PNGs each declaring 60,000 × 60,000',
      'fwd.eml',
      () => mailWithScans(500, [], pngDeclaring(60_000, 60_000)),
      422,
      'too_large',
      'The file fwd.eml holds more than 3 attachments',
    ],
    [
      'mail whose attached mail brings the count past the limit (1 + 3)',
      'fwd.eml',
      () => nestedEmail(1, mailWithScans(3)),
      422,
      'too_large',
      'The file fwd.eml holds more than 3 attachments',
    ],
    [
      'mail nested four deep',
      'fwd.eml',
      () => nestedEmail(3, mailWith('scan.png', 'image/png', realPng())),
      422,
      'too_large',
      'nested more than 3 deep',
    ],
  ])('%s → %i %s', async (_label, name, bytes, status, code, detail) => {
    const made = bytes() ?? (await pdfWithPageSize(14_400, 14_400));
    const result = await inspectDocument(name, made, LIMITS);
    expect(result).toMatchObject({ problem: { status, code } });
    expect('problem' in result && result.problem.detail).toContain(detail);
  });

  it('never throws, whatever a real file becomes when cut or bit-flipped', async () => {
    const seeds = [bill, realPng(), tiffWithPages([{ width: 20, height: 10 }]), mailWith('scan.png', 'image/png', realPng())];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...seeds),
        fc.array(fc.double({ min: 0, max: 0.999_999, noNaN: true }), { maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (seed, flips, keep) => {
          const bent = flipBits(seed, flips).subarray(0, Math.ceil(seed.length * keep));
          const result = await inspectDocument('file', bent, LIMITS);
          expect('kind' in result || 'problem' in result).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
