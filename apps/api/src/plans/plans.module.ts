import { Module } from '@nestjs/common';
import { PlanUsageRepository, RecordOwnerRepository } from '@quayside/data-access';
import { EntitlementsGuard } from './entitlements.guard';
import { EntitlementsService } from './entitlements.service';

@Module({
  providers: [PlanUsageRepository, RecordOwnerRepository, EntitlementsService, EntitlementsGuard],
  exports: [EntitlementsService, EntitlementsGuard],
})
export class PlansModule {}
