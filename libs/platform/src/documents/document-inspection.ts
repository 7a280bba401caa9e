import { checkFileEnvelope, corruptFile, nestedTooDeep, pixelBudgetProblem, tooManyAttachments, tooManyPages } from '@quayside/domain';
import type { FileKind, UploadLimits, UploadProblem } from '@quayside/domain';
import { sniffFileKind } from './file-kind-sniffing';
import { messageOf, rasterImageProblem, tiffPages } from './image-inspection';
import { inspectPdf } from './pdf-inspection';

/** A file that passed every check: its kind, and its pages when it has a fixed number (null for mail). */
export interface InspectedFile {
  kind: FileKind;
  pageCount: number | null;
  /** Attachments checked inside it, mail in mail included (0 but for mail): what counts against DOCUMENT_MAX_ATTACHMENTS. */
  attachments: number;
}

export type Inspection = InspectedFile | { problem: UploadProblem };

/**
 * Every check of an upload (docs/documents.md "Limits"), from the bytes alone and before
 * anything is decoded: size, the real kind (signature) against the name, then what is inside
 * — every TIFF page's, image's and PDF page's pixels against the budget, a truncated or broken
 * file, the PDF's pages and encryption, and for mail every attachment by these same checks,
 * mail attached to mail down to `maxEmailDepth`, at most `maxAttachments` of them in all. Never
 * throws: a refusal names the file and, where it is one, the page or attachment.
 */
export async function inspectDocument(fileName: string, bytes: Uint8Array, limits: UploadLimits): Promise<Inspection> {
  const what = `the file ${fileName}`;
  return inspectAt(fileName, what, bytes, limits, 1, { what, attachments: 0 });
}

/**
 * Attachments counted so far in the whole file, at every depth: nested mail must not multiply
 * them past the limit one level at a time. `what` names the file as uploaded, whose count it is.
 */
interface AttachmentTally {
  readonly what: string;
  attachments: number;
}

/** `fileName` is what the name claims (its extension); `what` names the file, page or attachment in refusals. */
async function inspectAt(
  fileName: string,
  what: string,
  bytes: Uint8Array,
  limits: UploadLimits,
  depth: number,
  tally: AttachmentTally,
): Promise<Inspection> {
  const envelope = checkFileEnvelope(fileName, bytes.length, await sniffFileKind(bytes), limits);
  if ('problem' in envelope) return envelope;
  const kind = envelope.kind;
  switch (kind) {
    case 'png':
    case 'jpeg': {
      const problem = rasterImageProblem(what, kind, bytes, limits.maxPixels);
      return problem ? { problem } : { kind, pageCount: 1, attachments: 0 };
    }
    case 'tiff':
      return inspectTiff(what, bytes, limits);
    case 'pdf': {
      const pdf = await inspectPdf(what, bytes, limits);
      return 'problem' in pdf ? pdf : { kind, pageCount: pdf.pageCount, attachments: 0 };
    }
    case 'eml':
      return inspectMail(what, bytes, limits, depth, tally);
  }
}

function inspectTiff(what: string, bytes: Uint8Array, limits: UploadLimits): Inspection {
  const read = tiffPages(what, bytes);
  if ('problem' in read) return read;
  if (read.pages.length > limits.maxPages) {
    return { problem: tooManyPages(what, read.pages.length, limits.maxPages) };
  }
  for (const [index, page] of read.pages.entries()) {
    const problem = pixelBudgetProblem(`page ${index + 1} of ${what}`, page.width, page.height, limits.maxPixels);
    if (problem) return { problem };
  }
  return { kind: 'tiff', pageCount: read.pages.length, attachments: 0 };
}

async function inspectMail(
  what: string,
  bytes: Uint8Array,
  limits: UploadLimits,
  depth: number,
  tally: AttachmentTally,
): Promise<Inspection> {
  if (depth > limits.maxEmailDepth) return { problem: nestedTooDeep(what, limits.maxEmailDepth) };
  // mailparser (with html-to-text, iconv-lite and their kin) loads with the first message, not at boot.
  const { simpleParser } = await import('mailparser');
  let attachments: { filename?: string; content: Buffer }[];
  try {
    attachments = (await simpleParser(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))).attachments;
  } catch (error) {
    return { problem: corruptFile(what, `it is not a readable mail message (${messageOf(error)})`) };
  }
  // Only attachments of an accepted kind are read (docs/documents.md "What extraction can read"); the rest are ignored.
  const accepted: { name: string; content: Buffer }[] = [];
  for (const [index, attachment] of attachments.entries()) {
    if (attachment.content.length === 0 || (await sniffFileKind(attachment.content)) === null) continue;
    accepted.push({ name: attachment.filename ?? `#${index + 1}`, content: attachment.content });
  }
  // Counted before any of them is checked, so a mail of thousands is refused without opening one.
  const before = tally.attachments;
  tally.attachments += accepted.length;
  if (tally.attachments > limits.maxAttachments) return { problem: tooManyAttachments(tally.what, limits.maxAttachments) };
  for (const { name, content } of accepted) {
    const inner = await inspectAt(name, `the attachment ${name} of ${what}`, content, limits, depth + 1, tally);
    if ('problem' in inner) return inner;
  }
  return { kind: 'eml', pageCount: null, attachments: tally.attachments - before };
}
