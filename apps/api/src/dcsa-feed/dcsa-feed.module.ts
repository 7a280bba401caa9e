import { Module } from '@nestjs/common';
import { TransportEventRepository } from '@quayside/data-access';
import { DcsaFeedController } from './dcsa-feed.controller';
import { DcsaFeedService } from './dcsa-feed.service';

/** The DCSA Track & Trace 3.0 feed of each account's events (docs/dcsa.md). */
@Module({
  controllers: [DcsaFeedController],
  providers: [TransportEventRepository, DcsaFeedService],
})
export class DcsaFeedModule {}
