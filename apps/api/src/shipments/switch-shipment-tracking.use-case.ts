import { Injectable } from '@nestjs/common';
import { ShipmentRepository } from '@quayside/data-access';
import type { ShipmentRecord } from '@quayside/data-access';
import { JOB, QUEUE } from '@quayside/queues';
import { EntitlementsService } from '../plans/entitlements.service';
import type { AccountContext } from '../tenancy/account-context';

const REFRESH_SHIPMENT = { queue: QUEUE.tracker, jobName: JOB.refreshShipment };

/**
 * `PATCH /shipments/{id}/stop_tracking` and `/resume_tracking`, written exactly as
 * apps/tracker-worker/README.md ("Stop and resume") says: the shipment's state and a
 * `refresh-shipment` outbox row in one transaction; the tracker then settles every tracking
 * request of the shipment (`tracking_request.tracking_stopped` on stop). Stopping covers all
 * its containers: they stop counting as active and are no longer refreshed.
 */
@Injectable()
export class SwitchShipmentTrackingUseCase {
  constructor(
    private readonly shipments: ShipmentRepository,
    private readonly entitlements: EntitlementsService,
  ) {}

  /** Idempotent: a shipment already stopped (by the client or the service) keeps its stop. */
  async stop(account: AccountContext, id: string): Promise<ShipmentRecord> {
    return (await this.shipments.stopTracking(account, id, REFRESH_SHIPMENT)).shipment;
  }

  /** Idempotent; on the free plan and the trial the containers it brings back count against the cap (403). */
  async resume(account: AccountContext, id: string): Promise<ShipmentRecord> {
    const result = await this.shipments.resumeTracking(account, id, REFRESH_SHIPMENT, (containers) =>
      this.entitlements.assertCanTrackMore(account, containers),
    );
    return result.shipment;
  }
}
