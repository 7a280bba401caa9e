import { Module } from '@nestjs/common';
import { DcsaPushController } from './dcsa-push.controller';
import { DcsaPushService } from './dcsa-push.service';

/** The DCSA Track & Trace 3.0 consumer endpoint carriers push to (docs/dcsa.md). */
@Module({
  controllers: [DcsaPushController],
  providers: [DcsaPushService],
})
export class DcsaPushModule {}
