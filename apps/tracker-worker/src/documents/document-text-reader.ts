import { Injectable } from '@nestjs/common';
import type { FileKind } from '@quayside/domain';
import { PdfReadError, pdfTextRuns, renderPdfPages } from '@quayside/platform';
import type { PdfTextRun } from '@quayside/platform';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { OcrEngine } from './ocr-engine';
import { layoutPageText } from './text-layout';
import { tiffPagesAsPng } from './tiff-pages';

/** A file the reader cannot read (corrupt, encrypted, nothing in it): the extraction fails with this message. */
export class UnreadableDocument extends Error {}

export interface DocumentText {
  /** Each page's text, in order; an email gives its body and then its attachments' pages. */
  pages: string[];
  /** How many pages were read by OCR (images, and PDF pages without a text layer). */
  ocrPages: number;
  /** Scanned pages left unread past DOCUMENT_OCR_MAX_PAGES. */
  unreadPages: number;
}

// A page with fewer characters than this in its text layer is taken for a scan and read by OCR.
const MIN_TEXT_LAYER_CHARS = 16;
// 2 × 72 dpi: large enough for Tesseract to read 9-point print, small enough to OCR in a second or two.
const RENDER_SCALE = 2;

/**
 * Text out of a stored file (docs/documents.md "What extraction can read"): PDFs through their
 * text layer (unpdf, pdf.js, in a worker thread), scanned PDF pages rendered (@napi-rs/canvas)
 * and read by OCR,
 * images by OCR (every page of a TIFF), an `.eml` by its body and its PDF and image attachments.
 */
@Injectable()
export class DocumentTextReader {
  constructor(
    private readonly ocr: OcrEngine,
    private readonly config: TrackerWorkerConfig,
  ) {}

  async read(kind: FileKind, bytes: Buffer): Promise<DocumentText> {
    const budget = { ocrLeft: this.config.DOCUMENT_OCR_MAX_PAGES, ocrPages: 0, unreadPages: 0 };
    const pages = await this.readKind(kind, bytes, budget, true);
    return { pages, ocrPages: budget.ocrPages, unreadPages: budget.unreadPages };
  }

  private async readKind(kind: FileKind, bytes: Buffer, budget: OcrBudget, allowEmail: boolean): Promise<string[]> {
    switch (kind) {
      case 'pdf':
        return this.readPdf(bytes, budget);
      case 'png':
      case 'jpeg':
        return [await this.ocrPage(bytes, budget)];
      case 'tiff':
        return this.readTiff(bytes, budget);
      case 'eml':
        if (!allowEmail) return [];
        return this.readEmail(bytes, budget);
    }
  }

  private async readPdf(bytes: Buffer, budget: OcrBudget): Promise<string[]> {
    let runs: PdfTextRun[][];
    try {
      runs = await pdfTextRuns(bytes);
    } catch (error) {
      if (error instanceof PdfReadError) throw new UnreadableDocument(`The PDF cannot be read: ${error.message}`);
      throw error;
    }
    const pages = runs.map(layoutPageText);
    // Pages without a text layer are scans: render them and read them by OCR, as many as the budget allows.
    const scanned = pages.flatMap((text, index) => (text.replace(/\s/g, '').length < MIN_TEXT_LAYER_CHARS ? [index] : []));
    const toRead = scanned.slice(0, Math.max(budget.ocrLeft, 0));
    budget.unreadPages += scanned.length - toRead.length;
    if (toRead.length === 0) return pages;
    let images: Buffer[];
    try {
      images = await renderPdfPages(
        bytes,
        toRead.map((index) => index + 1),
        RENDER_SCALE,
      );
    } catch (error) {
      if (error instanceof PdfReadError) throw new UnreadableDocument(`The scanned pages of the PDF cannot be rendered: ${error.message}`);
      throw error;
    }
    for (const [position, index] of toRead.entries()) pages[index] = await this.ocrPage(images[position]!, budget);
    return pages;
  }

  /** Each page of a (possibly multi-page) TIFF, as far as the OCR budget goes. */
  private async readTiff(bytes: Buffer, budget: OcrBudget): Promise<string[]> {
    let decoded: { pages: Buffer[]; total: number };
    try {
      decoded = await tiffPagesAsPng(bytes, budget.ocrLeft);
    } catch (error) {
      throw new UnreadableDocument(`The TIFF cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    budget.unreadPages += decoded.total - decoded.pages.length;
    const pages: string[] = [];
    for (const page of decoded.pages) pages.push(await this.ocrPage(page, budget));
    return pages;
  }

  private async ocrPage(image: Buffer, budget: OcrBudget): Promise<string> {
    if (budget.ocrLeft <= 0) {
      budget.unreadPages += 1;
      return '';
    }
    budget.ocrLeft -= 1;
    budget.ocrPages += 1;
    try {
      return await this.ocr.recognize(image);
    } catch (error) {
      throw new UnreadableDocument(`The image cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The mail's subject and body, then each PDF or image attachment's pages (an attached mail is not opened: one level only). */
  private async readEmail(bytes: Buffer, budget: OcrBudget): Promise<string[]> {
    // mailparser and its kin load with the first forwarded message, not at boot (docs/architecture.md, "Memory").
    const { simpleParser } = await import('mailparser');
    const mail = await simpleParser(bytes);
    const pages = [[mail.subject ?? '', mail.text ?? ''].join('\n').trim()];
    for (const attachment of mail.attachments) {
      const kind = attachmentKind(attachment.contentType, attachment.filename ?? '');
      if (kind !== null) pages.push(...(await this.readKind(kind, attachment.content, budget, false)));
    }
    return pages;
  }
}

interface OcrBudget {
  ocrLeft: number;
  ocrPages: number;
  unreadPages: number;
}

function attachmentKind(contentType: string, fileName: string): FileKind | null {
  const type = contentType.toLowerCase();
  const name = fileName.toLowerCase();
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  if (type === 'image/png' || name.endsWith('.png')) return 'png';
  if (type === 'image/jpeg' || /\.jpe?g$/.test(name)) return 'jpeg';
  if (type === 'image/tiff' || /\.tiff?$/.test(name)) return 'tiff';
  return null;
}
