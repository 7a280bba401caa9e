import { AccountEntity } from './account.entity';
import { ApiKeyEntity } from './api-key.entity';
import { CarrierShipmentEntity } from './carrier-shipment.entity';
import { ContainerEntity } from './container.entity';
import { CustomFieldDefinitionEntity } from './custom-field-definition.entity';
import { CustomFieldOptionEntity } from './custom-field-option.entity';
import { CustomFieldEntity } from './custom-field.entity';
import { DocumentRepresentationEntity } from './document-representation.entity';
import { DcsaPolledAnswerEntity } from './dcsa-polled-answer.entity';
import { DcsaPushedEventEntity } from './dcsa-pushed-event.entity';
import { DocumentEntity } from './document.entity';
import { EmailSubmissionEntity } from './email-submission.entity';
import { EstimatedEventEntity } from './estimated-event.entity';
import { EventEntity } from './event.entity';
import { IdempotencyKeyEntity } from './idempotency-key.entity';
import { MetroAreaEntity } from './metro-area.entity';
import { OutboxEntity } from './outbox.entity';
import { PartyRoleEntity } from './party-role.entity';
import { PartyEntity } from './party.entity';
import { PortEntity } from './port.entity';
import { RailCarrierEntity } from './rail-carrier.entity';
import { RailTerminalEntity } from './rail-terminal.entity';
import { RawEventEntity } from './raw-event.entity';
import { ShipmentEntity } from './shipment.entity';
import { ShippingLineEntity } from './shipping-line.entity';
import { SourceCallMinuteEntity } from './source-call-minute.entity';
import { SourceHealthEntity } from './source-health.entity';
import { StaleObservationEntity } from './stale-observation.entity';
import { TerminalEntity } from './terminal.entity';
import { TrackedNumberEntity } from './tracked-number.entity';
import { TrackingRequestEntity } from './tracking-request.entity';
import { TrackingSourceEntity } from './tracking-source.entity';
import { TransportEventEntity } from './transport-event.entity';
import { VesselEntity } from './vessel.entity';
import { WebhookNotificationEntity } from './webhook-notification.entity';
import { WebhookEntity } from './webhook.entity';
import { WidgetKeyEntity } from './widget-key.entity';

export {
  AccountEntity,
  ApiKeyEntity,
  CarrierShipmentEntity,
  ContainerEntity,
  CustomFieldDefinitionEntity,
  CustomFieldEntity,
  CustomFieldOptionEntity,
  DcsaPolledAnswerEntity,
  DcsaPushedEventEntity,
  DocumentEntity,
  DocumentRepresentationEntity,
  EmailSubmissionEntity,
  EstimatedEventEntity,
  EventEntity,
  IdempotencyKeyEntity,
  MetroAreaEntity,
  OutboxEntity,
  PartyEntity,
  PartyRoleEntity,
  PortEntity,
  RailCarrierEntity,
  RailTerminalEntity,
  RawEventEntity,
  ShipmentEntity,
  ShippingLineEntity,
  SourceCallMinuteEntity,
  SourceHealthEntity,
  StaleObservationEntity,
  TerminalEntity,
  TrackedNumberEntity,
  TrackingRequestEntity,
  TransportEventEntity,
  VesselEntity,
  WebhookEntity,
  WebhookNotificationEntity,
  WidgetKeyEntity,
};
export { WEBHOOK_FORMATS } from './webhook.entity';
export type { WebhookFormat } from './webhook.entity';

/** Every entity; the data source, the schema diff and the Nest module all use this one list. */
export const ENTITIES = [
  AccountEntity,
  ApiKeyEntity,
  ShippingLineEntity,
  RailCarrierEntity,
  PortEntity,
  TerminalEntity,
  MetroAreaEntity,
  RailTerminalEntity,
  VesselEntity,
  PartyEntity,
  PartyRoleEntity,
  CarrierShipmentEntity,
  TrackedNumberEntity,
  StaleObservationEntity,
  ShipmentEntity,
  ContainerEntity,
  TransportEventEntity,
  RawEventEntity,
  EstimatedEventEntity,
  TrackingRequestEntity,
  IdempotencyKeyEntity,
  EventEntity,
  WebhookEntity,
  WebhookNotificationEntity,
  OutboxEntity,
  CustomFieldDefinitionEntity,
  CustomFieldOptionEntity,
  CustomFieldEntity,
  EmailSubmissionEntity,
  DocumentEntity,
  DocumentRepresentationEntity,
  WidgetKeyEntity,
  DcsaPushedEventEntity,
  DcsaPolledAnswerEntity,
  TrackingSourceEntity,
  SourceHealthEntity,
  SourceCallMinuteEntity,
];
