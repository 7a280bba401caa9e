/**
 * Every job that crosses a process boundary through the outbox carries the outbox row id:
 * the consumer completes that row in the same transaction as its effects, so a job that
 * runs twice (worker killed, Redis lost and republished) has its effects once.
 */
export interface OutboxJob {
  outboxId: string;
}

export interface TrackRequestJob extends OutboxJob {
  trackingRequestId: string;
}

export interface RefreshShipmentJob {
  shipmentId: string;
  /** `scheduled` ticks may be skipped when a fresher refresh ran; `manual` ones never are. */
  reason: 'scheduled' | 'manual' | 'resume';
  outboxId?: string;
}

export interface RefreshContainerJob extends OutboxJob {
  containerId: string;
}

export type ScheduleRefreshesJob = Record<string, never>;

export interface FanOutJob extends OutboxJob {
  eventId: string;
}

export interface DeliverJob {
  notificationId: string;
  outboxId?: string;
}

/** Payload type per job name (keys are the `JOB` values). */
export interface JobPayloads {
  'track-request': TrackRequestJob;
  'refresh-shipment': RefreshShipmentJob;
  'refresh-container': RefreshContainerJob;
  'schedule-refreshes': ScheduleRefreshesJob;
  'fan-out': FanOutJob;
  'deliver': DeliverJob;
}
