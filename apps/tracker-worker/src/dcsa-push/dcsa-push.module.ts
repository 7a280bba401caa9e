import { Module } from '@nestjs/common';
import { TrackingStateModule } from '../tracking-state/tracking-state.module';
import { ApplyDcsaPushProcessor } from './apply-dcsa-push.processor';
import { ApplyDcsaPushBatchUseCase } from './apply-dcsa-push-batch.use-case';
import { ApplyDcsaPushUseCase } from './apply-dcsa-push.use-case';

/** Events carriers push (docs/dcsa.md, "Carriers that push"), applied on the `dcsa-push` queue. */
@Module({
  imports: [TrackingStateModule],
  providers: [ApplyDcsaPushUseCase, ApplyDcsaPushBatchUseCase, ApplyDcsaPushProcessor],
})
export class DcsaPushModule {}
