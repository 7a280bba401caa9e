import fc from 'fast-check';
import { checkUploadedFile } from './upload-rules';

const LIMITS = { maxBytes: 10_000, maxPages: 10, maxPixels: 1_000_000 };

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

function jpeg(width: number, height: number): Uint8Array {
  // SOI, an APP0 segment of 16 bytes, then SOF0 with height and width.
  const bytes = new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    ...new Array<number>(14).fill(0),
    0xff,
    0xc0,
    0,
    17,
    8,
    0,
    0,
    0,
    0,
    3,
    ...new Array<number>(9).fill(0),
  ]);
  const view = new DataView(bytes.buffer);
  view.setUint16(25, height);
  view.setUint16(27, width);
  return bytes;
}

function tiff(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(8 + 2 + 2 * 12 + 4);
  const view = new DataView(bytes.buffer);
  bytes.set([0x49, 0x49, 0x2a, 0x00]);
  view.setUint32(4, 8, true);
  view.setUint16(8, 2, true);
  [
    [256, width],
    [257, height],
  ].forEach(([tag, value], index) => {
    const entry = 10 + index * 12;
    view.setUint16(entry, tag!, true);
    view.setUint16(entry + 2, 4, true);
    view.setUint32(entry + 4, 1, true);
    view.setUint32(entry + 8, value!, true);
  });
  return bytes;
}

const text = (value: string): Uint8Array => new TextEncoder().encode(value);
const PDF = text('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
const EML = text('From: ops@forwarder.example\r\nTo: docs@quayside.example\r\nSubject: BL\r\n\r\nHello');

describe('checkUploadedFile', () => {
  it.each([
    ['a PDF named .pdf', 'pdf', 'bl.pdf', PDF],
    ['a PDF named in capitals', 'pdf', 'BL.PDF', PDF],
    ['a PDF without an extension', 'pdf', 'scan', PDF],
    ['a PNG', 'png', 'page.png', png(800, 600)],
    ['a JPEG named .jpg', 'jpeg', 'page.jpg', jpeg(800, 600)],
    ['a TIFF named .tif', 'tiff', 'page.tif', tiff(800, 600)],
    ['a mail message', 'eml', 'forwarded.eml', EML],
    // Extensions that are names of Object.prototype's members are extensions like any other.
    ['a PDF named .constructor', 'pdf', 'scan.constructor', PDF],
  ] as const)('%s is accepted as %s', (_label, kind, name, bytes) => {
    expect(checkUploadedFile(name, bytes, LIMITS)).toEqual({ kind });
  });

  it.each([
    ['an empty file', 422, 'empty_file', 'bl.pdf', new Uint8Array()],
    ['a file over the size limit', 413, 'file_too_large', 'bl.pdf', new Uint8Array(10_001).fill(0x25)],
    ['HTML behind .pdf', 415, 'file_type_mismatch', 'bl.pdf', text('<html><script>alert(1)</script></html>')],
    ['a PNG behind .pdf', 415, 'file_type_mismatch', 'bl.pdf', png(10, 10)],
    ['a PDF behind .png', 415, 'file_type_mismatch', 'scan.png', PDF],
    ['a ZIP without a known extension', 415, 'unsupported_file_type', 'archive.zip', text('PK\u0003\u0004rest')],
    ['plain text named .constructor', 415, 'unsupported_file_type', 'notes.constructor', text('just a note')],
    ['plain text behind .eml', 415, 'file_type_mismatch', 'note.eml', text('just a note: not mail\nsecond line')],
    ['a PNG declaring 100k × 100k pixels', 422, 'decompression_bomb', 'bomb.png', png(100_000, 100_000)],
    ['a JPEG declaring 65535 × 65535 pixels', 422, 'decompression_bomb', 'bomb.jpg', jpeg(65_535, 65_535)],
    ['a TIFF declaring 50k × 50k pixels', 422, 'decompression_bomb', 'bomb.tiff', tiff(50_000, 50_000)],
    ['a PNG cut after its signature', 422, 'corrupt_file', 'cut.png', png(1, 1).subarray(0, 10)],
    ['a PNG declaring zero width', 422, 'corrupt_file', 'zero.png', png(0, 10)],
  ] as const)('%s → %i %s', (_label, status, code, name, bytes) => {
    const result = checkUploadedFile(name, bytes, LIMITS);
    expect(result).toMatchObject({ problem: { status, code } });
  });

  it('the detail names the file and the kinds involved', () => {
    expect(checkUploadedFile('bl.pdf', png(10, 10), LIMITS)).toMatchObject({
      problem: { detail: 'The file bl.pdf is named as PDF but its content is PNG.' },
    });
  });

  it('never throws, whatever the bytes and the name', () => {
    fc.assert(
      fc.property(fc.string(), fc.uint8Array({ maxLength: 200 }), (name, bytes) => {
        const result = checkUploadedFile(name, bytes, LIMITS);
        expect('kind' in result || 'problem' in result).toBe(true);
      }),
    );
  });
});
