import { corruptFile, PDF_RENDER_SCALE, pdfEncrypted, pixelBudgetProblem, tooManyPages } from '@quayside/domain';
import type { UploadLimits, UploadProblem } from '@quayside/domain';
import type * as PdfLib from 'pdf-lib';
import { messageOf } from './image-inspection';

/** pdf-lib (some 170 modules) is loaded with the first PDF, not at boot (docs/architecture.md, "Memory"). */
const pdfLib = (): Promise<typeof PdfLib> => import('pdf-lib');

// The PDF specification's rule for readers: `%%EOF` within the file's last 1024 bytes. A file
// cut short loses it, even when pdf-lib could rebuild some objects from what is left.
const EOF_MARKER = Buffer.from('%%EOF');
const EOF_WINDOW = 1024;

/**
 * What a PDF is: parsed with pdf-lib (pure JavaScript) without rendering or decompressing any
 * content stream, so a hostile file costs one parse of its object table. Refused: a truncated
 * or unparseable file, an encrypted one, no pages, too many pages, and a page whose box,
 * rendered at PDF_RENDER_SCALE for OCR, would be more pixels than the budget.
 */
export async function inspectPdf(
  what: string,
  bytes: Uint8Array,
  limits: Pick<UploadLimits, 'maxPages' | 'maxPixels'>,
): Promise<{ pageCount: number } | { problem: UploadProblem }> {
  if (!hasEofMarker(bytes)) return { problem: corruptFile(what, 'it is truncated (no %%EOF at its end)') };
  const { PDFDocument } = await pdfLib();
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    const pageCount = pdf.getPageCount();
    if (pageCount === 0) return { problem: corruptFile(what, 'it has no pages') };
    if (pageCount > limits.maxPages) {
      return { problem: tooManyPages(what, pageCount, limits.maxPages) };
    }
    for (const [index, page] of pdf.getPages().entries()) {
      const box = page.getCropBox();
      const width = Math.abs(box.width) * PDF_RENDER_SCALE;
      const height = Math.abs(box.height) * PDF_RENDER_SCALE;
      if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0))
        return { problem: corruptFile(`page ${index + 1} of ${what}`, 'its page box is empty or invalid') };
      const overBudget = pixelBudgetProblem(`page ${index + 1} of ${what} (rendered for OCR)`, width, height, limits.maxPixels);
      if (overBudget) return { problem: overBudget };
    }
    return { pageCount };
  } catch (error) {
    // pdf-lib is compiled to ES5, where `instanceof EncryptedPDFError` does not hold: match its message.
    if (/is encrypted/.test(messageOf(error))) {
      return { problem: pdfEncrypted(what) };
    }
    // Any other failure, in loading or in reading the page tree, is a file that is not a sound PDF.
    return { problem: corruptFile(what, 'it is not a readable PDF (corrupt or truncated)') };
  }
}

function hasEofMarker(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(Math.max(0, bytes.byteLength - EOF_WINDOW));
  return tail.includes(EOF_MARKER);
}
