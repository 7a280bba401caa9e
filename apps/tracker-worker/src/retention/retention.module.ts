import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { PruneRetentionUseCase } from './prune-retention.use-case';
import { RetentionTickRegistration } from './retention-tick.registration';
import { RetentionProcessor } from './retention.processor';

/** Deletes records past their retention (docs/deploy.md "Retention"). */
@Module({
  imports: [DocumentsModule],
  providers: [PruneRetentionUseCase, RetentionTickRegistration, RetentionProcessor],
})
export class RetentionModule {}
