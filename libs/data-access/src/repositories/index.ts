import { OutboxRepository } from './outbox.repository';
import { OutboxCommitSubscriber } from './outbox-commit.subscriber';
import { ReferenceDataRepository } from './reference-data.repository';
import { EventRelatedRecordsRepository } from './event-related-records.repository';
import { WebhookNotificationRepository } from './webhook-notification.repository';
import { WebhookRepository } from './webhook.repository';
import { WebhookRedeliveryRepository } from './webhook-redelivery.repository';
import { FanOutRepository } from './fan-out.repository';
import { DeliveryOutcomeRepository } from './delivery-outcome.repository';
import { ListTotals } from './list-totals';
import { DcsaPolledAnswerRepository } from './dcsa-polled-answer.repository';
import { DcsaPushedEventRepository } from './dcsa-pushed-event.repository';
import { RailTerminalRepository } from './rail-terminal.repository';
import { TrackingSourceRepository } from './tracking-source.repository';
import { RetentionRepository } from './retention.repository';
import { SourceHealthRepository } from './source-health.repository';

export { OutboxRepository } from './outbox.repository';
export type { ClaimedOutboxRow, OutboxEntry } from './outbox.repository';
export { OutboxCommitSubscriber } from './outbox-commit.subscriber';
export { ReferenceDataRepository } from './reference-data.repository';
/** @internal Exported for tests: they compare a batch's records with each event's read alone. */
export { EventRelatedRecordsRepository } from './event-related-records.repository';
export { DcsaPolledAnswerRepository } from './dcsa-polled-answer.repository';
export { DcsaPushedEventRepository } from './dcsa-pushed-event.repository';
export { RailTerminalRepository } from './rail-terminal.repository';
export { TrackingSourceRepository } from './tracking-source.repository';
export { RETAINED_RECORDS, RetentionRepository } from './retention.repository';
export type { RetainedRecord } from './retention.repository';
export { SourceHealthRepository } from './source-health.repository';
export type { OperatorNoticeDelivery, SourceCallTally, SourceHealthView } from './source-health.repository';
export type { PushRecorded } from './dcsa-pushed-event.repository';
export { WebhookNotificationRepository } from './webhook-notification.repository';
export type { NewWebhookNotification } from './webhook-notification.repository';
export { WebhookRedeliveryRepository } from './webhook-redelivery.repository';
export type { DeliveryJobTarget } from './webhook-redelivery.repository';
export { FanOutRepository } from './fan-out.repository';
export type { FanOutPlan } from './fan-out.repository';
export { DeliveryOutcomeRepository } from './delivery-outcome.repository';
export { ListTotals } from './list-totals';
/** @internal Exported for tests: the pagination tests cross the bound. */
export { EXACT_TOTAL_BOUND } from './list-totals';
export type {
  AttemptContext,
  DeliveryConsequence,
  DeliveryJobRef,
  NotificationToDeliver,
  RecordedConsequence,
} from './delivery-outcome.repository';

/**
 * Every repository `DataAccessModule` provides and exports. Add a new repository here
 * (one file per repository in this folder) and export it above.
 */
export const REPOSITORIES = [
  OutboxRepository,
  OutboxCommitSubscriber,
  ReferenceDataRepository,
  EventRelatedRecordsRepository,
  WebhookNotificationRepository,
  WebhookRepository,
  WebhookRedeliveryRepository,
  FanOutRepository,
  DeliveryOutcomeRepository,
  ListTotals,
  DcsaPushedEventRepository,
  DcsaPolledAnswerRepository,
  RailTerminalRepository,
  TrackingSourceRepository,
  RetentionRepository,
  SourceHealthRepository,
];
