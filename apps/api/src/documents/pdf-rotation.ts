import type * as PdfLib from 'pdf-lib';

/** pdf-lib (some 170 modules) is loaded with the first PDF, not at boot (docs/architecture.md, "Memory"). */
const pdfLib = (): Promise<typeof PdfLib> => import('pdf-lib');

/** The PDF with every page turned clockwise by `by` degrees more than it is now. */
export async function rotatePdf(bytes: Uint8Array, by: number): Promise<Uint8Array> {
  const { PDFDocument, degrees } = await pdfLib();
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  for (const page of pdf.getPages()) page.setRotation(degrees((page.getRotation().angle + by) % 360));
  return pdf.save();
}
