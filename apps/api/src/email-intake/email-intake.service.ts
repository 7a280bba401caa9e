import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EmailSubmissionRepository } from '@quayside/data-access';
import type { AccountScope, EmailSubmissionEntity, NewDocument, NewEmailSubmission } from '@quayside/data-access';
import { FILE_KIND_EXTENSIONS, kindFromFileName, kindOfContentType, tooManyAttachments } from '@quayside/domain';
import type { InspectedFile } from '@quayside/platform';
import type { AddressObject, Attachment, ParsedMail } from 'mailparser';
import { ApiConfig } from '../config/api.config';
import { DocumentIntakeService, EXTRACTION_JOB } from '../documents/document-intake.service';
import { SmtpRefusal } from './smtp-refusal';

type StagedDocument = Omit<NewDocument, 'email_submission_id'>;

interface MailedFile {
  fileName: string;
  bytes: Buffer;
}

/**
 * Turns one inbound message into an email submission and one document per usable attachment,
 * each checked and stored exactly as an upload is (DocumentIntakeService), and all rows written
 * in one transaction. Every attachment is checked before any is stored, and the message may
 * hold at most DOCUMENT_MAX_ATTACHMENTS of them, counting those of mail attached to it. Anything
 * wrong refuses the message with an SmtpRefusal and leaves no row and no stored bytes.
 */
@Injectable()
export class EmailIntakeService {
  constructor(
    private readonly intake: DocumentIntakeService,
    private readonly submissions: EmailSubmissionRepository,
    private readonly config: ApiConfig,
  ) {}

  async accept(account: AccountScope, raw: Buffer): Promise<EmailSubmissionEntity> {
    // mailparser (with html-to-text, iconv-lite and their kin) loads with the first message, not at boot.
    const { simpleParser } = await import('mailparser');
    let mail: ParsedMail;
    try {
      mail = await simpleParser(raw, { skipHtmlToText: false });
    } catch (error) {
      // The message itself is broken: sending it again will not mend it, so the refusal is permanent.
      throw new SmtpRefusal(554, `5.6.0 The message cannot be read as mail: ${error instanceof Error ? error.message : String(error)}`);
    }
    const attachments = distinct(mail.attachments.filter(isDocumentAttachment));
    if (attachments.length === 0) {
      throw new SmtpRefusal(554, '5.6.0 No usable attachment: attach a PDF, PNG, JPEG, TIFF or .eml file');
    }
    const files = attachments.map((attachment, index): MailedFile => {
      const kind = kindOfContentType(attachment.contentType);
      const fileName = attachment.filename ?? `attachment-${index + 1}.${kind === null ? 'bin' : FILE_KIND_EXTENSIONS[kind][0]}`;
      return { fileName, bytes: attachment.content };
    });
    const checked = await this.checkAll(files);
    const staged: StagedDocument[] = [];
    try {
      for (const { file, inspected } of checked) {
        staged.push(await refusedAs554(file.fileName, () => this.intake.stage(account, { ...file, source: 'email' }, inspected)));
      }
      const created = await this.submissions.createWithDocuments(account, submissionFields(mail), staged, EXTRACTION_JOB);
      if ('duplicate' in created) throw new SmtpRefusal(554, `5.6.1 Attachment ${created.duplicate} was already submitted to this account`);
      return created.submission;
    } catch (error) {
      await this.intake.discard(staged);
      throw error;
    }
  }

  /**
   * Checks every file as an upload is checked, counting the message's attachments with those of
   * the mail attached to it: past DOCUMENT_MAX_ATTACHMENTS the message is refused for good
   * (552, as a message over its size is), before the next file is even opened.
   */
  private async checkAll(files: readonly MailedFile[]): Promise<{ file: MailedFile; inspected: InspectedFile }[]> {
    const max = this.config.DOCUMENT_MAX_ATTACHMENTS;
    const tooMany = (): SmtpRefusal => new SmtpRefusal(552, `5.3.4 ${tooManyAttachments('the message', max).detail}`);
    let counted = files.length;
    if (counted > max) throw tooMany();
    const checked: { file: MailedFile; inspected: InspectedFile }[] = [];
    for (const file of files) {
      const inspected = await refusedAs554(file.fileName, () => this.intake.check(file.fileName, file.bytes));
      counted += inspected.attachments;
      if (counted > max) throw tooMany();
      checked.push({ file, inspected });
    }
    return checked;
  }
}

/** An upload refusal of one attachment (the 4xx an upload would get) refuses the whole message for good, naming it. */
async function refusedAs554<T>(fileName: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const detail = problemDetail(error);
    if (detail === null) throw error;
    throw new SmtpRefusal(554, `5.6.1 Attachment ${fileName} refused: ${detail}`);
  }
}

/** The same file attached twice is one document, as a second upload of it would be. */
function distinct(attachments: readonly Attachment[]): Attachment[] {
  const seen = new Set<string>();
  return attachments.filter((attachment) => {
    const sha256 = createHash('sha256').update(attachment.content).digest('hex');
    if (seen.has(sha256)) return false;
    seen.add(sha256);
    return true;
  });
}

/** Attachments worth a document: the kinds uploads accept (docs/documents.md "Upload"), by content type or name. */
function isDocumentAttachment(attachment: Attachment): boolean {
  // Images embedded in the body (signature logos) are not documents.
  if (attachment.related && attachment.contentDisposition !== 'attachment') return false;
  return kindOfContentType(attachment.contentType) !== null || kindFromFileName(attachment.filename ?? '') !== null;
}

/** The detail of an upload refusal (the 4xx an upload would get), or null for any other failure. */
function problemDetail(error: unknown): string | null {
  const errors: unknown = (error as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return null;
  const first: unknown = errors[0];
  const detail: unknown = (first as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' ? detail : null;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((entry) => entry.address ?? '')).filter((address) => address !== '');
}

function submissionFields(mail: ParsedMail): NewEmailSubmission {
  const contentType = mail.headers.get('content-type') as { value?: string } | string | undefined;
  const references = mail.references === undefined ? [] : Array.isArray(mail.references) ? mail.references : [mail.references];
  return {
    subject: mail.subject ?? '',
    body: mail.text ?? null,
    from: addresses(mail.from),
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    sent_at: mail.date ?? null,
    message_id: mail.messageId ?? null,
    in_reply_to: mail.inReplyTo ?? null,
    references,
    content_type: typeof contentType === 'string' ? contentType : (contentType?.value ?? null),
  };
}
