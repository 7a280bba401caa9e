import { Module } from '@nestjs/common';
import { FanOutProcessor } from './fan-out.processor';
import { FanOutService } from './fan-out.service';

/** Queue `webhook-fanout`: one stored event → its notifications and their deliveries. */
@Module({ providers: [FanOutProcessor, FanOutService], exports: [FanOutService] })
export class FanOutModule {}
