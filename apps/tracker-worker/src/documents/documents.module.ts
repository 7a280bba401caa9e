import { Module } from '@nestjs/common';
import { DocumentExtractionRepository, PlanUsageRepository, TrackingRequestRepository } from '@quayside/data-access';
import { ObjectStorage, objectStorageFromSettings } from '@quayside/platform';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { DocumentTextReader } from './document-text-reader';
import { ExtractDocumentProcessor } from './extract-document.processor';
import { ExtractDocumentUseCase } from './extract-document.use-case';
import { OcrEngine } from './ocr-engine';

/** Extraction of uploaded and emailed documents (docs/documents.md "Extraction"). */
@Module({
  providers: [
    DocumentExtractionRepository,
    TrackingRequestRepository,
    PlanUsageRepository,
    OcrEngine,
    DocumentTextReader,
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
  exports: [ExtractDocumentUseCase],
})
export class DocumentsModule {}
