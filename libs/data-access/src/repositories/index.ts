import { OutboxRepository } from './outbox.repository';
import { ReferenceDataRepository } from './reference-data.repository';
import { EventRelatedRecordsRepository } from './event-related-records.repository';
import { WebhookNotificationRepository } from './webhook-notification.repository';
import { WebhookRepository } from './webhook.repository';

export { OutboxRepository } from './outbox.repository';
export type { OutboxEntry } from './outbox.repository';
export { ReferenceDataRepository } from './reference-data.repository';
export { queryRows } from './query-rows';
export { EventRelatedRecordsRepository } from './event-related-records.repository';
export type { EventRelatedRecords } from './event-related-records.repository';
export { WebhookNotificationRepository } from './webhook-notification.repository';
export type { AttemptRecord, NewWebhookNotification } from './webhook-notification.repository';
export { WebhookRepository } from './webhook.repository';

/**
 * Every repository `DataAccessModule` provides and exports. Add a new repository here
 * (one file per repository in this folder) and export it above.
 */
export const REPOSITORIES = [
  OutboxRepository,
  ReferenceDataRepository,
  EventRelatedRecordsRepository,
  WebhookNotificationRepository,
  WebhookRepository,
];
