import type { UploadProblem } from '@quayside/domain';
import type * as PdfLib from 'pdf-lib';
import type { PDFDocument } from 'pdf-lib';

/** pdf-lib (some 170 modules) is loaded with the first PDF, not at boot (docs/architecture.md, "Memory"). */
const pdfLib = (): Promise<typeof PdfLib> => import('pdf-lib');

/**
 * What the bytes of a PDF are: parsed with pdf-lib (pure JavaScript, no native code) without
 * rendering or decompressing any content stream, so a hostile file costs one parse of its
 * object table. Encrypted and unparseable files are refused with a named problem.
 */
export async function inspectPdf(
  fileName: string,
  bytes: Uint8Array,
  maxPages: number,
): Promise<{ pageCount: number } | { problem: UploadProblem }> {
  const { PDFDocument } = await pdfLib();
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    // pdf-lib is compiled to ES5, where `instanceof EncryptedPDFError` does not hold: match its message.
    if (error instanceof Error && /is encrypted/.test(error.message)) {
      return {
        problem: {
          status: 422,
          code: 'pdf_encrypted',
          detail: `The PDF ${fileName} is encrypted or password protected; upload it without protection.`,
        },
      };
    }
    return { problem: { status: 422, code: 'corrupt_file', detail: `The PDF ${fileName} cannot be read; it is corrupt or truncated.` } };
  }
  const pageCount = pdf.getPageCount();
  if (pageCount === 0) return { problem: { status: 422, code: 'corrupt_file', detail: `The PDF ${fileName} has no pages.` } };
  if (pageCount > maxPages) {
    return {
      problem: {
        status: 422,
        code: 'too_many_pages',
        detail: `The PDF ${fileName} has ${pageCount} pages; at most ${maxPages} are accepted.`,
      },
    };
  }
  return { pageCount };
}

/** The PDF with every page turned clockwise by `by` degrees more than it is now. */
export async function rotatePdf(bytes: Uint8Array, by: number): Promise<Uint8Array> {
  const { PDFDocument, degrees } = await pdfLib();
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  for (const page of pdf.getPages()) page.setRotation(degrees((page.getRotation().angle + by) % 360));
  return pdf.save();
}
