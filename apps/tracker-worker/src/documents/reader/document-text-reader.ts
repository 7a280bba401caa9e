import { PDF_RENDER_SCALE } from '@quayside/domain';
import type { FileKind, UploadLimits } from '@quayside/domain';
import { inspectDocument, PdfReadError, pdfTextRuns, renderPdfPages, sniffFileKind } from '@quayside/platform';
import type { PdfTextRun } from '@quayside/platform';
import type { OcrEngine } from './ocr-engine';
import { layoutPageText } from './text-layout';
import { tiffPagesAsPng } from './tiff-pages';

/** A file the reader cannot read (corrupt, over the pixel budget, nothing in it): the extraction fails with this message. */
export class UnreadableDocument extends Error {}

export interface DocumentText {
  /** Each page's text, in order; an email gives its body and then its attachments' pages. */
  pages: string[];
  /** How many pages were read by OCR (images, and PDF pages without a text layer). */
  ocrPages: number;
  /** Scanned pages left unread past DOCUMENT_OCR_MAX_PAGES. */
  unreadPages: number;
}

export interface ReaderSettings {
  ocrMaxPages: number;
  /** The upload checks' limits; everything is checked against them again before it is decoded. */
  limits: UploadLimits;
}

// A page with fewer characters than this in its text layer is taken for a scan and read by OCR.
const MIN_TEXT_LAYER_CHARS = 16;

/**
 * Text out of a stored file (docs/documents.md "What extraction can read"): PDFs through their
 * text layer (unpdf, pdf.js, in a worker thread), scanned PDF pages rendered (@napi-rs/canvas)
 * and read by OCR, images by OCR (every page of a TIFF), an `.eml` by its body and its
 * attachments, mail in mail down to DOCUMENT_MAX_EMAIL_DEPTH. Runs in a reader process
 * (document-reader.child.ts): before anything is decoded the whole file is checked again by
 * the upload rules (every page's pixels from its header), and `onPage` is told before each
 * page is decoded, so the parent can bound each page's time.
 */
export class DocumentTextReader {
  constructor(
    private readonly ocr: OcrEngine,
    private readonly settings: ReaderSettings,
    private readonly onPage: (what: string) => void,
  ) {}

  async read(kind: FileKind, fileName: string, bytes: Buffer): Promise<DocumentText> {
    // Stored before the checks of today, or a page pdf.js sees and pdf-lib did not: checked here too.
    const checked = await inspectDocument(fileName, bytes, { ...this.settings.limits, maxBytes: Number.MAX_SAFE_INTEGER });
    if ('problem' in checked) throw new UnreadableDocument(checked.problem.detail);
    const budget = { ocrLeft: this.settings.ocrMaxPages, ocrPages: 0, unreadPages: 0 };
    const pages = await this.readKind(kind, `the file ${fileName}`, bytes, budget, 1);
    return { pages, ocrPages: budget.ocrPages, unreadPages: budget.unreadPages };
  }

  private async readKind(kind: FileKind, what: string, bytes: Buffer, budget: OcrBudget, depth: number): Promise<string[]> {
    switch (kind) {
      case 'pdf':
        return this.readPdf(what, bytes, budget);
      case 'png':
      case 'jpeg':
        return [await this.ocrPage(what, bytes, budget)];
      case 'tiff':
        return this.readTiff(what, bytes, budget);
      case 'eml':
        return depth > this.settings.limits.maxEmailDepth ? [] : this.readEmail(what, bytes, budget, depth);
    }
  }

  private async readPdf(what: string, bytes: Buffer, budget: OcrBudget): Promise<string[]> {
    let runs: PdfTextRun[][];
    this.onPage(`the text layer of ${what}`);
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
    for (const index of toRead) {
      this.onPage(`page ${index + 1} of ${what}`);
      let image: Buffer;
      try {
        [image] = (await renderPdfPages(bytes, [index + 1], PDF_RENDER_SCALE)) as [Buffer];
      } catch (error) {
        if (error instanceof PdfReadError)
          throw new UnreadableDocument(`Page ${index + 1} of the PDF cannot be rendered: ${error.message}`);
        throw error;
      }
      pages[index] = await this.ocrPage(`page ${index + 1} of ${what}`, image, budget);
    }
    return pages;
  }

  /** Each page of a (possibly multi-page) TIFF, as far as the OCR budget goes. */
  private async readTiff(what: string, bytes: Buffer, budget: OcrBudget): Promise<string[]> {
    const pages: string[] = [];
    let total = 0;
    try {
      total = await tiffPagesAsPng(
        bytes,
        budget.ocrLeft,
        async (index, png) => {
          pages.push(await this.ocrPage(`page ${index + 1} of ${what}`, png, budget));
        },
        (index) => this.onPage(`page ${index + 1} of ${what}`),
      );
    } catch (error) {
      if (error instanceof UnreadableDocument) throw error;
      throw new UnreadableDocument(`The TIFF cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    budget.unreadPages += total - pages.length;
    return pages;
  }

  private async ocrPage(what: string, image: Buffer, budget: OcrBudget): Promise<string> {
    if (budget.ocrLeft <= 0) {
      budget.unreadPages += 1;
      return '';
    }
    budget.ocrLeft -= 1;
    budget.ocrPages += 1;
    this.onPage(what);
    try {
      return await this.ocr.recognize(image);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new UnreadableDocument(`${what.charAt(0).toUpperCase()}${what.slice(1)} cannot be read by OCR: ${reason}`);
    }
  }

  /** The mail's subject and body, then each attachment of an accepted kind (by its bytes), mail in mail included. */
  private async readEmail(what: string, bytes: Buffer, budget: OcrBudget, depth: number): Promise<string[]> {
    // mailparser and its kin load with the first forwarded message, not at boot (docs/architecture.md, "Memory").
    const { simpleParser } = await import('mailparser');
    this.onPage(`the body of ${what}`);
    const mail = await simpleParser(bytes);
    const pages = [[mail.subject ?? '', mail.text ?? ''].join('\n').trim()];
    for (const [index, attachment] of mail.attachments.entries()) {
      const kind = attachment.content.length === 0 ? null : await sniffFileKind(attachment.content);
      const name = `the attachment ${attachment.filename ?? `#${index + 1}`} of ${what}`;
      if (kind !== null) pages.push(...(await this.readKind(kind, name, attachment.content, budget, depth + 1)));
    }
    return pages;
  }
}

interface OcrBudget {
  ocrLeft: number;
  ocrPages: number;
  unreadPages: number;
}
