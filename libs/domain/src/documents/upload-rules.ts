import type { FileKind } from './document-type.enum';
import { kindFromFileName } from './file-sniffing';

export interface UploadLimits {
  maxBytes: number;
  maxPages: number;
  /** Largest width × height anything decoded may have: an image, a TIFF page, a PDF page as rendered for OCR. */
  maxPixels: number;
  /** How deep mail attached to mail is opened (an `.eml` inside an `.eml` is depth 2). */
  maxEmailDepth: number;
  /**
   * Most attachments of an accepted kind one mail may hold, counting those of the mail attached
   * to it at every depth (an attached mail counts once itself): each one is checked and read.
   */
  maxAttachments: number;
}

/**
 * PDF pages without a text layer are rendered at this multiple of 72 dpi for OCR (144 dpi: large
 * enough for Tesseract to read 9-point print, small enough to OCR in a second or two). A page's
 * pixels are its box in points × this, squared; the upload checks count them the same way.
 */
export const PDF_RENDER_SCALE = 2;

/** Why an upload is refused; `status` is the HTTP status the api answers with (docs/documents.md "Limits"). */
export interface UploadProblem {
  status: 413 | 415 | 422;
  code:
    | 'empty_file'
    | 'file_too_large'
    | 'unsupported_file_type'
    | 'file_type_mismatch'
    | 'corrupt_file'
    | 'too_large'
    | 'pdf_encrypted'
    | 'too_many_pages';
  detail: string;
}

const ACCEPTED = 'PDF, PNG, JPEG, TIFF or .eml';

/**
 * The checks that need only the size, the name and the kind the bytes' signature says (sniffed
 * by the caller): empty, too large, not an accepted kind, or an extension that claims another
 * kind. What is inside (pixels, pages, structure) is checked after these pass.
 */
export function checkFileEnvelope(
  fileName: string,
  byteLength: number,
  sniffed: FileKind | null,
  limits: Pick<UploadLimits, 'maxBytes'>,
): { kind: FileKind } | { problem: UploadProblem } {
  if (byteLength === 0) return { problem: { status: 422, code: 'empty_file', detail: `The file ${fileName} is empty.` } };
  if (byteLength > limits.maxBytes) {
    return {
      problem: {
        status: 413,
        code: 'file_too_large',
        detail: `The file is ${byteLength} bytes; at most ${limits.maxBytes} bytes are accepted.`,
      },
    };
  }
  const claimed = kindFromFileName(fileName);
  if (sniffed === null) {
    const what = claimed === null ? 'is not' : `is named as ${claimed.toUpperCase()} but is not`;
    return {
      problem: {
        status: 415,
        code: claimed === null ? 'unsupported_file_type' : 'file_type_mismatch',
        detail: `The file ${fileName} ${what} a ${ACCEPTED} file.`,
      },
    };
  }
  if (claimed !== null && claimed !== sniffed) {
    return {
      problem: {
        status: 415,
        code: 'file_type_mismatch',
        detail: `The file ${fileName} is named as ${claimed.toUpperCase()} but its content is ${sniffed.toUpperCase()}.`,
      },
    };
  }
  return { kind: sniffed };
}

/**
 * The pixel budget (DOCUMENT_MAX_PIXELS): anything that would be decoded to more pixels than
 * this is refused from its declared size, before a byte of it is decoded, so a small file that
 * would inflate to gigabytes never does. `what` names the page or attachment ("page 2 of the file
 * scan.tif"); every problem's `what` starts with a lower-case article and is capitalized here.
 */
export function pixelBudgetProblem(what: string, width: number, height: number, maxPixels: number): UploadProblem | null {
  if (width * height <= maxPixels) return null;
  return {
    status: 422,
    code: 'too_large',
    detail: `${capitalized(what)} is ${Math.round(width)}×${Math.round(height)} pixels, more than the ${maxPixels} pixels a page may have (DOCUMENT_MAX_PIXELS).`,
  };
}

/** More pages than DOCUMENT_MAX_PAGES. */
export function tooManyPages(what: string, pageCount: number, maxPages: number): UploadProblem {
  return { status: 422, code: 'too_many_pages', detail: `${capitalized(what)} has ${pageCount} pages; at most ${maxPages} are accepted.` };
}

/** An encrypted or password-protected PDF: nothing in it can be read. */
export function pdfEncrypted(what: string): UploadProblem {
  return {
    status: 422,
    code: 'pdf_encrypted',
    detail: `${capitalized(what)} is encrypted or password protected; upload it without protection.`,
  };
}

/** Mail inside mail deeper than DOCUMENT_MAX_EMAIL_DEPTH. */
export function nestedTooDeep(what: string, maxDepth: number): UploadProblem {
  return {
    status: 422,
    code: 'too_large',
    detail: `${capitalized(what)} is mail nested more than ${maxDepth} deep inside mail (DOCUMENT_MAX_EMAIL_DEPTH).`,
  };
}

/**
 * Mail holding more than DOCUMENT_MAX_ATTACHMENTS attachments, across mail in mail. Counting
 * stops at the first one past the limit, so the detail says "more than", not how many.
 */
export function tooManyAttachments(what: string, maxAttachments: number): UploadProblem {
  return {
    status: 422,
    code: 'too_large',
    detail: `${capitalized(what)} holds more than ${maxAttachments} attachments, counting those of mail attached to it; at most ${maxAttachments} are accepted (DOCUMENT_MAX_ATTACHMENTS).`,
  };
}

/** A file (or a page or attachment in it) that cannot be read as what it says it is. */
export function corruptFile(what: string, why: string): UploadProblem {
  return { status: 422, code: 'corrupt_file', detail: `${capitalized(what)} cannot be read: ${why}.` };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
