import fc from 'fast-check';
import { FILE_KINDS } from './document-type.enum';
import { looksLikeMail } from './file-sniffing';
import { checkFileEnvelope, pixelBudgetProblem } from './upload-rules';

const LIMITS = { maxBytes: 10_000 };
const text = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('checkFileEnvelope', () => {
  it.each([
    ['a PDF named .pdf', 'pdf', 'bl.pdf', 'pdf'],
    ['a PDF named in capitals', 'pdf', 'BL.PDF', 'pdf'],
    ['a PDF without an extension', 'pdf', 'scan', 'pdf'],
    ['a JPEG named .jpg', 'jpeg', 'page.jpg', 'jpeg'],
    ['a TIFF named .tif', 'tiff', 'page.tif', 'tiff'],
    ['a mail message', 'eml', 'forwarded.eml', 'eml'],
    // Extensions that are names of Object.prototype's members are extensions like any other.
    ['a PDF named .constructor', 'pdf', 'scan.constructor', 'pdf'],
  ] as const)('%s is accepted as %s', (_label, sniffed, name, kind) => {
    expect(checkFileEnvelope(name, 100, sniffed, LIMITS)).toEqual({ kind });
  });

  it.each([
    ['an empty file', 422, 'empty_file', 'bl.pdf', 0, 'pdf'],
    ['a file over the size limit', 413, 'file_too_large', 'bl.pdf', 10_001, 'pdf'],
    ['something unknown behind .pdf', 415, 'file_type_mismatch', 'bl.pdf', 100, null],
    ['a PNG behind .pdf', 415, 'file_type_mismatch', 'bl.pdf', 100, 'png'],
    ['a PDF behind .png', 415, 'file_type_mismatch', 'scan.png', 100, 'pdf'],
    ['something unknown without a known extension', 415, 'unsupported_file_type', 'archive.zip', 100, null],
  ] as const)('%s → %i %s', (_label, status, code, name, length, sniffed) => {
    expect(checkFileEnvelope(name, length, sniffed, LIMITS)).toMatchObject({ problem: { status, code } });
  });

  it('the detail names the file and the kinds involved', () => {
    expect(checkFileEnvelope('bl.pdf', 10, 'png', LIMITS)).toMatchObject({
      problem: { detail: 'The file bl.pdf is named as PDF but its content is PNG.' },
    });
  });

  it('never throws, whatever the name and the kind', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), fc.constantFrom(null, ...FILE_KINDS), (name, length, sniffed) => {
        const result = checkFileEnvelope(name, length, sniffed, LIMITS);
        expect('kind' in result || 'problem' in result).toBe(true);
      }),
    );
  });
});

describe('pixelBudgetProblem', () => {
  it.each([
    [1000, 1000, 1_000_000, null],
    [1001, 1000, 1_000_000, 'too_large'],
    [60_000, 60_000, 40_000_000, 'too_large'],
  ] as const)('%i × %i against %i → %s', (width, height, max, code) => {
    expect(pixelBudgetProblem('page 2 of scan.tif', width, height, max)?.code ?? null).toBe(code);
  });

  it('names the page and the setting', () => {
    expect(pixelBudgetProblem('page 2 of scan.tif', 60_000, 60_000, 40_000_000)?.detail).toBe(
      'Page 2 of scan.tif is 60000×60000 pixels, more than the 40000000 pixels a page may have (DOCUMENT_MAX_PIXELS).',
    );
  });
});

describe('looksLikeMail', () => {
  it.each([
    ['mail headers', true, 'From: ops@forwarder.example\r\nTo: docs@quayside.example\r\nSubject: BL\r\n\r\nHello'],
    ['a note with a colon', false, 'just a note: not mail\nsecond line'],
    ['From alone', false, 'From: someone\r\n\r\nbody'],
    ['HTML', false, '<html><script>alert(1)</script></html>'],
  ] as const)('%s → %s', (_label, expected, body) => {
    expect(looksLikeMail(text(body))).toBe(expected);
  });
});
