import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Inject, Module } from '@nestjs/common';
import { DocumentRepository, DocumentRepresentationRepository, EmailSubmissionRepository } from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import { DocumentInspector, ObjectStorage, objectStorageFromSettings } from '@quayside/platform';
import { ApiConfig } from '../config/api.config';
import type { AccountContext } from '../tenancy/account-context';
import { DocumentFilesController } from './document-files.controller';
import { DocumentIntakeService } from './document-intake.service';
import { documentSchemaResource } from './document-schema.resource';
import { DocumentSchemasController } from './document-schemas.controller';
import { DocumentUploadsController } from './document-uploads.controller';
import { documentRepresentationResource, documentResource, emailSubmissionResource } from './document.resource';
import { DocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';
import { EmailSubmissionsController } from './email-submissions.controller';
import { SigningSecret } from './signing-secret';

/** Routes that take multipart/form-data (docs/documents.md "Upload"); every other route refuses it. */
export const DOCUMENT_MULTIPART_ROUTES = ['POST /v2/documents', 'PUT /document_upload_files'] as const;

/**
 * Documents, document schemas and email submissions (docs/documents.md). The storage driver is
 * chosen by STORAGE_DRIVER; local download URLs are served by DocumentFilesController.
 */
@Module({
  controllers: [
    DocumentsController,
    DocumentUploadsController,
    DocumentFilesController,
    DocumentSchemasController,
    EmailSubmissionsController,
  ],
  providers: [
    DocumentRepository,
    DocumentRepresentationRepository,
    EmailSubmissionRepository,
    DocumentsService,
    DocumentIntakeService,
    SigningSecret,
    {
      provide: ObjectStorage,
      inject: [ApiConfig, SigningSecret],
      useFactory: (config: ApiConfig, secret: SigningSecret): ObjectStorage =>
        objectStorageFromSettings(config, { downloadBaseUrl: `${config.publicBaseUrl}/document_files`, signingSecret: secret.value }),
    },
    {
      provide: DocumentInspector,
      inject: [ApiConfig],
      useFactory: (config: ApiConfig): DocumentInspector =>
        new DocumentInspector(
          {
            maxBytes: config.DOCUMENT_MAX_BYTES,
            maxPages: config.DOCUMENT_MAX_PAGES,
            maxPixels: config.DOCUMENT_MAX_PIXELS,
            maxEmailDepth: config.DOCUMENT_MAX_EMAIL_DEPTH,
            maxAttachments: config.DOCUMENT_MAX_ATTACHMENTS,
          },
          {
            timeoutMs: config.DOCUMENT_INSPECT_TIMEOUT_MS,
            maxHeapMb: config.DOCUMENT_INSPECT_MAX_HEAP_MB,
            threads: config.DOCUMENT_INSPECTION_THREADS,
          },
        ),
    },
  ],
  exports: [DocumentIntakeService, EmailSubmissionRepository],
})
export class DocumentsModule implements OnModuleInit, OnModuleDestroy {
  constructor(
    private readonly registry: ResourceRegistry<AccountContext>,
    @Inject(DocumentsService) private readonly documents: DocumentsService,
    private readonly inspector: DocumentInspector,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.inspector.close();
  }

  onModuleInit(): void {
    this.registry.register(
      documentResource(
        (ids, account) => this.documents.submissionsByIds(account, ids),
        (ids, account) => this.documents.representationsByIds(account, ids),
      ),
    );
    this.registry.register(documentRepresentationResource);
    this.registry.register(emailSubmissionResource((ids, account) => this.documents.documentsByIds(account, ids)));
    this.registry.register(documentSchemaResource);
  }
}
