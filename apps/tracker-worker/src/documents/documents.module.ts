import { Module } from '@nestjs/common';
import { DocumentExtractionRepository, PlanUsageRepository, TrackingRequestRepository } from '@quayside/data-access';
import { createObjectStorage, ObjectStorage } from '@quayside/platform';
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
        config.STORAGE_DRIVER === 's3'
          ? createObjectStorage({
              driver: 's3',
              bucket: config.STORAGE_S3_BUCKET,
              region: config.STORAGE_S3_REGION,
              endpoint: config.STORAGE_S3_ENDPOINT,
              forcePathStyle: config.STORAGE_S3_FORCE_PATH_STYLE === 'true',
              accessKeyId: config.STORAGE_S3_ACCESS_KEY_ID,
              secretAccessKey: config.STORAGE_S3_SECRET_ACCESS_KEY,
            })
          : createObjectStorage({ driver: 'local', directory: config.STORAGE_LOCAL_DIR, downloadBaseUrl: 'http://unused.invalid/document_files', signingSecret: 'unused' }),
    },
  ],
  exports: [ExtractDocumentUseCase],
})
export class DocumentsModule {}
