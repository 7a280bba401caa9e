import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';
import * as UTIF from 'utif';
import { emailWithAttachments } from './sample-documents';

/**
 * Files built to break a document reader (issue 47's list and the fuzz suite's seeds), each
 * made by the test from real encoders, then bent: sizes declared far past what is there,
 * files cut short, structures that expand without end.
 */

/** A white PNG of `width` × `height` with a black bar (real pixels, small sizes only). */
export function realPng(width = 120, height = 60): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(0xff);
  for (let y = Math.floor(height / 3); y < Math.floor((2 * height) / 3); y += 1)
    for (let x = 10; x < width - 10; x += 1) png.data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return PNG.sync.write(png);
}

/** A real PNG whose header (IHDR, with a correct CRC) declares `width` × `height`: decoding it would need gigabytes. */
export function pngDeclaring(width: number, height: number): Buffer {
  const png = Buffer.from(realPng(8, 8));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A TIFF of RGBA pages, uncompressed; a page given as `{ declare }` states that size over a few bytes of data. */
export function tiffWithPages(
  pages: ReadonlyArray<{ width: number; height: number } | { declare: { width: number; height: number } }>,
): Buffer {
  const directories: UTIF.IFD[] = [];
  const data: Uint8Array[] = [];
  for (const page of pages) {
    const size = 'declare' in page ? { width: 4, height: 4 } : page;
    const rgba = new Uint8Array(size.width * size.height * 4).fill(0xff);
    // One UTIF-encoded page gives the tags of an RGBA page; the declared size overrides them.
    const single = UTIF.decode(UTIF.encodeImage(rgba, size.width, size.height))[0]!;
    if ('declare' in page) {
      single['t256'] = [page.declare.width];
      single['t257'] = [page.declare.height];
    }
    directories.push(single);
    data.push(rgba);
  }
  // UTIF.encode lays out the directories (its length does not depend on the offsets in them);
  // the strips follow it, and each page points at its own.
  const withStrips = directories.map((directory, index) => ({ ...directory, t273: [0], t279: [data[index]!.length] }));
  let offset = UTIF.encode(withStrips).byteLength;
  for (const [index, directory] of withStrips.entries()) {
    directory['t273'] = [offset];
    offset += data[index]!.length;
  }
  return Buffer.concat([new Uint8Array(UTIF.encode(withStrips)), ...data]);
}

/** A PDF of one page `width` × `height` points with one line of text. */
export async function pdfWithPageSize(width: number, height: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([width, height]);
  page.drawText('BILL OF LADING', { x: 20, y: height - 40, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save({ updateFieldAppearances: false }));
}

/**
 * A PDF whose one page's content stream is `inflatedMb` megabytes of zeros deflated to a few
 * hundred kilobytes: reading its text layer inflates all of it.
 */
export async function pdfWithExpandingStream(inflatedMb: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const bomb = pdf.context.stream(deflateSync(Buffer.alloc(inflatedMb * 1024 * 1024, 0x20), { level: 9 }), { Filter: 'FlateDecode' });
  page.node.set(PDFName.of('Contents'), pdf.context.register(bomb));
  return Buffer.from(await pdf.save({ updateFieldAppearances: false }));
}

/** Mail with `inner` attached as a message, nested `depth` times (depth 1: inner attached once). */
export function nestedEmail(depth: number, inner: Buffer): Buffer {
  let message = inner;
  for (let level = 0; level < depth; level += 1) {
    message = emailWithAttachments(`Fwd level ${level + 1}`, 'See attached.', [
      { fileName: `forwarded-${level + 1}.eml`, contentType: 'message/rfc822', bytes: message },
    ]);
  }
  return message;
}

/** `bytes` with `count` bits flipped at positions chosen by `at` (0 ≤ at < 1, one per flip). */
export function flipBits(bytes: Buffer, at: readonly number[]): Buffer {
  const copy = Buffer.from(bytes);
  for (const position of at) {
    const bit = Math.floor(position * copy.length * 8);
    copy[bit >> 3]! ^= 1 << (bit & 7);
  }
  return copy;
}
