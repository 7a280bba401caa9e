import type { DocumentEntity, DocumentRepresentationEntity, EmailSubmissionEntity } from '@quayside/data-access';
import { documentAttributes, documentRepresentationAttributes, relationshipByIds } from '@quayside/json-api';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const DOCUMENT_TYPE = 'document';
export const DOCUMENT_REPRESENTATION_TYPE = 'document_representation';
export const EMAIL_SUBMISSION_TYPE = 'email_submission';

type Loader = (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;

/** Shapes as the established API's `document` (docs/documents.md); `cargos` are containers. */
export function documentResource(loadSubmissions: Loader, loadRepresentations: Loader): ResourceDefinition<DocumentEntity, AccountContext> {
  return {
    type: DOCUMENT_TYPE,
    id: (document) => document.id,
    attributes: documentAttributes,
    relationships: {
      email_submission: relationshipByIds<DocumentEntity, AccountContext>(
        EMAIL_SUBMISSION_TYPE,
        (document) => document.email_submission_id,
        loadSubmissions,
      ),
      last_document_representation: relationshipByIds<DocumentEntity, AccountContext>(
        DOCUMENT_REPRESENTATION_TYPE,
        (document) => document.last_document_representation_id,
        loadRepresentations,
      ),
      shipments: relationshipByIds<DocumentEntity, AccountContext>('shipment', (document) => document.shipment_ids),
      cargos: relationshipByIds<DocumentEntity, AccountContext>('container', (document) => document.container_ids),
      account: relationshipByIds<DocumentEntity, AccountContext>('account', (document) => document.account_id),
      // Quayside has API keys, not users: a document is never someone's.
      user: relationshipByIds<DocumentEntity, AccountContext>('user', () => null),
    },
    selfLink: (document) => `/v2/documents/${document.id}`,
  };
}

export const documentRepresentationResource: ResourceDefinition<DocumentRepresentationEntity, AccountContext> = {
  type: DOCUMENT_REPRESENTATION_TYPE,
  id: (representation) => representation.id,
  attributes: documentRepresentationAttributes,
};

/** An email submission with the documents made from its attachments (`documents` filled by the service). */
export type EmailSubmissionView = EmailSubmissionEntity & { documents: DocumentEntity[] };

export function emailSubmissionResource(loadDocuments: Loader): ResourceDefinition<EmailSubmissionView, AccountContext> {
  return {
    type: EMAIL_SUBMISSION_TYPE,
    id: (submission) => submission.id,
    attributes: (submission) => ({
      subject: submission.subject,
      body: submission.body,
      body_preview: submission.body === null ? null : submission.body.replace(/\s+/g, ' ').trim().slice(0, 200),
      from: submission.from,
      to: submission.to,
      cc: submission.cc,
      sent_at: submission.sent_at?.toISOString() ?? null,
      message_id: submission.message_id,
      in_reply_to: submission.in_reply_to,
      references: submission.references,
      content_type: submission.content_type,
      documents_count: submission.documents.length,
      created_at: submission.created_at.toISOString(),
      updated_at: submission.updated_at.toISOString(),
    }),
    relationships: {
      documents: relationshipByIds<EmailSubmissionView, AccountContext>(
        DOCUMENT_TYPE,
        (submission) => submission.documents.map((document) => document.id),
        loadDocuments,
      ),
      account: relationshipByIds<EmailSubmissionView, AccountContext>('account', (submission) => submission.account_id),
      user: relationshipByIds<EmailSubmissionView, AccountContext>('user', () => null),
    },
    selfLink: (submission) => `/v2/email_submissions/${submission.id}`,
  };
}
