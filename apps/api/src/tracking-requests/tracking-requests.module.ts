import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import {
  CustomFieldDefinitionRepository,
  IdempotencyKeyRepository,
  PartyRepository,
  RecordOwnerRepository,
  ShipmentRepository,
  TrackingRequestRepository,
} from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import { CreateTrackingRequestUseCase } from './create-tracking-request.use-case';
import { InferNumberUseCase } from './infer-number.use-case';
import { trackingRequestResource } from './tracking-request.resource';
import { TrackingRequestCustomerService } from './tracking-request-customer.service';
import { TrackingRequestsController } from './tracking-requests.controller';

/**
 * `POST/GET/PATCH /v2/tracking_requests`, `POST /v2/tracking_requests/infer_number`, and the
 * `tracking_request` resource type (`tracked_object` loads shipments, `customer` parties, each in one query).
 */
@Module({
  controllers: [TrackingRequestsController],
  providers: [
    CustomFieldDefinitionRepository,
    TrackingRequestRepository,
    IdempotencyKeyRepository,
    ShipmentRepository,
    PartyRepository,
    RecordOwnerRepository,
    TrackingRequestCustomerService,
    CreateTrackingRequestUseCase,
    InferNumberUseCase,
  ],
})
export class TrackingRequestsModule implements OnModuleInit {
  constructor(
    private readonly registry: ResourceRegistry<AccountContext>,
    private readonly shipments: ShipmentRepository,
    private readonly parties: PartyRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(
      trackingRequestResource(
        (ids, account) => this.shipments.findManyRecords(account, ids),
        (ids, account) => this.parties.findManyOwned(account, ids),
      ),
    );
  }
}
