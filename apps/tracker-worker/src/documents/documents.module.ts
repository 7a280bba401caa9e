import { Module } from '@nestjs/common';
import { DocumentExtractionRepository, PlanUsageRepository, TrackingRequestRepository } from '@quayside/data-access';
import { ObjectStorage, objectStorageFromSettings } from '@quayside/platform';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { ExtractDocumentProcessor } from './extract-document.processor';
import { ExtractDocumentUseCase } from './extract-document.use-case';
import { DocumentReaderPool } from './reader/document-reader-pool';

/** Extraction of uploaded and emailed documents (docs/documents.md "Extraction"). */
@Module({
  providers: [
    DocumentExtractionRepository,
    TrackingRequestRepository,
    PlanUsageRepository,
    DocumentReaderPool,
    ExtractDocumentUseCase,
    ExtractDocumentProcessor,
    {
      provide: ObjectStorage,
      inject: [TrackerWorkerConfig],
      // The worker only reads bytes; download URLs are the api's, so it signs nothing.
      useFactory: (config: TrackerWorkerConfig): ObjectStorage =>
        objectStorageFromSettings(config, { downloadBaseUrl: 'http://unused.invalid/document_files', signingSecret: 'unused' }),
    },
  ],
  exports: [ExtractDocumentUseCase, ObjectStorage],
})
export class DocumentsModule {}
