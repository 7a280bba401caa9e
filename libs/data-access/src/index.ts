export * from './entities';
export { transportEventDedupeKey } from './entities/transport-event-dedupe-key';
export { timeOrderedId } from './entities/time-ordered-id';
export { buildDataSourceOptions, DATABASE_POOL_MODES, DATABASE_TLS_MODES } from './database/data-source-options';
export type { ConnectionSettings, DatabasePoolMode, DatabaseTls, DatabaseTlsMode } from './database/data-source-options';
export { isDatabaseUnavailable } from './database/database-unavailable';
export { createDatabaseConnection, inFixtureTransaction } from './database/database-connection';
export type { DatabaseConnection, RowWriter } from './database/database-connection';
export { DATABASE_CONNECTION, recordStatements, recordStatementsDuring } from './database/statement-recorder';
export type { StatementLog } from './database/statement-recorder';
export { runMigrations, revertLastMigration, withSchemaLock } from './database/run-migrations';
export {
  createDatabase,
  databaseExists,
  databaseNameOf,
  dropDatabase,
  ensureDatabase,
  renameDatabase,
  withAdminClient,
  withDatabaseName,
} from './database/database-admin';
export { MIGRATIONS } from './migrations';
export { pendingSchemaChanges } from './schema/schema-diff';
export type { SchemaChanges } from './schema/schema-diff';
export { DataAccessModule } from './data-access.module';
export type { DataAccessModuleOptions } from './data-access.module';
export * from './repositories';
export { checkMigrationsMatchEntities } from './schema/check-migrations';
export { schemaFingerprint } from './schema/schema-fingerprint';
export { seedReferenceData } from './reference-data/seed-reference-data';
export {
  METRO_AREA_SEEDS,
  PORT_SEEDS,
  RAIL_CARRIER_SEEDS,
  SANDBOX_REFERENCE,
  SHIPPING_LINE_SEEDS,
  TERMINAL_SEEDS,
} from './reference-data/reference-data';
export type { MetroAreaSeed, PortSeed, RailCarrierSeed, ShippingLineSeed, TerminalSeed } from './reference-data/reference-data';
export { AccountRepository, toAccount } from './repositories/account.repository';
export type { NewAccount, ProvisionedAccount } from './repositories/account.repository';
export { ApiKeyRepository } from './repositories/api-key.repository';
export type { ApiKey } from './repositories/api-key.repository';
export { WIDGET_KEY_PREFIX, WidgetKeyRepository, isWellFormedWidgetKey } from './repositories/widget-key.repository';
export type { WidgetKey } from './repositories/widget-key.repository';
export { AccountScopedRepository } from './repositories/account-scoped.repository';
export type { OwnedRow } from './repositories/account-scoped.repository';
export { isUuid } from './repositories/account-scope';
export type { AccountScope } from './repositories/account-scope';
export { PlanUsageRepository } from './repositories/plan-usage.repository';
export { OWNED_RECORD_TABLES, RecordOwnerRepository } from './repositories/record-owner.repository';
export type { OwnedRecordKind, RecordRef } from './repositories/record-owner.repository';
export { API_KEY_PREFIX, generateApiKey, hashApiKey, isWellFormedApiKey, maskApiKey, sameHash } from './repositories/api-key-secret';
export type { GeneratedApiKey } from './repositories/api-key-secret';
export { ShipmentStateRepository } from './repositories/shipment-state.repository';
export type { StateDecision } from './repositories/shipment-state.repository';
export type { FanOutJobName } from './repositories/state-writer';
export type {
  Follower,
  LoadedObservation,
  LoadedTrackingState,
  NewCarrierShipment,
  NewEstimatedEvent,
  NewEvent,
  NewRawEvent,
  NewTransportEvent,
  ObservationDecision,
  ObservationLease,
  ObservationResult,
  ObservationSource,
  ObservationSources,
  ObservationTarget,
  SourceStamp,
  StateTransactionResult,
  StateTransactionTarget,
  StateWrite,
  StoredShipmentState,
} from './repositories/shipment-state.types';
export { ObservationRepository } from './repositories/observation.repository';
export type { ObservationItem, ObservationItemResult } from './repositories/observation.repository';
export { CarrierShipmentRepository } from './repositories/carrier-shipment.repository';
export type { CarrierShipmentClaim, DueCarrierShipment, NumberClaim } from './repositories/carrier-shipment.repository';
export { TrackingRepository } from './repositories/tracking.repository';
export { WebhookRegistrationRepository } from './repositories/webhook-registration.repository';
export type { NewWebhook, WebhookChanges } from './repositories/webhook-registration.repository';
export { WebhookNotificationQueryRepository } from './repositories/webhook-notification-query.repository';
export type { WebhookNotificationFilters } from './repositories/webhook-notification-query.repository';
export { TrackingRequestRepository, ACTIVE_TRACKING_REQUEST_STATUSES, toTrackingRequest } from './repositories/tracking-request.repository';
export type {
  CreateTrackingRequestJobs,
  CreatedTrackingRequest,
  NewTrackingRequest,
  OutboxJobName,
  TrackingRequestChanges,
  TrackingRequestFilters,
} from './repositories/tracking-request.repository';
export { IdempotencyKeyRepository, IDEMPOTENCY_KEY_TTL_HOURS } from './repositories/idempotency-key.repository';
export type { IdempotentResult, StoredResponse } from './repositories/idempotency-key.repository';
export { ShipmentRepository, toShipment } from './repositories/shipment.repository';
export type { ShipmentChanges, ShipmentFilters, ShipmentRecord, TrackingSwitchResult } from './repositories/shipment.repository';
export { ReferenceResourceRepository, toPort, toShippingLine, toTerminal } from './repositories/reference-resource.repository';
export type { PortRecord, ShippingLineRecord } from './repositories/reference-resource.repository';
export type { CustomFieldMatch, Page, PageBounds, PageKey, PageOf, TimeRange } from './repositories/list-page';
export { ContainerRepository } from './repositories/container.repository';
export type { ContainerListFilters, ContainerWithEvents, InstantRange } from './repositories/container.repository';
export { TransportEventRepository } from './repositories/transport-event.repository';
export { RawEventRepository } from './repositories/raw-event.repository';
export type { TransportEventFeedFilter, TransportEventRecord } from './repositories/transport-event.repository';
export { PartyRepository } from './repositories/party.repository';
export { DocumentRepository } from './repositories/document.repository';
export type { DocumentFilters, DocumentSort, ExtractionJob, NewDocument } from './repositories/document.repository';
export { DocumentExtractionRepository } from './repositories/document-extraction.repository';
export type {
  ExtractionClaim,
  ExtractionClaimOutcome,
  ExtractionJobs,
  ExtractionResult,
} from './repositories/document-extraction.repository';
export { DocumentRepresentationRepository } from './repositories/document-representation.repository';
export { EmailSubmissionRepository } from './repositories/email-submission.repository';
export type { NewEmailSubmission } from './repositories/email-submission.repository';
export { CustomFieldDefinitionRepository } from './repositories/custom-field-definition.repository';
export type { CustomFieldDefinitionFields, CustomFieldDefinitionFilters } from './repositories/custom-field-definition.repository';
export { CustomFieldOptionRepository } from './repositories/custom-field-option.repository';
export type { CustomFieldOptionFields } from './repositories/custom-field-option.repository';
export { CUSTOM_FIELD_ENTITY_TABLES, CustomFieldRepository } from './repositories/custom-field.repository';
export type { CustomFieldFilters, CustomFieldView } from './repositories/custom-field.repository';
export type { PartyFields } from './repositories/party.repository';
export { PartyRoleRepository } from './repositories/party-role.repository';
export type { Roleable } from './repositories/party-role.repository';
export type { UnitOfWork } from './database/unit-of-work';
export { MetroAreaRepository, toMetroArea } from './repositories/metro-area.repository';
export type { MetroArea } from './repositories/metro-area.repository';
export { SearchRepository, SEARCH_MAX_RESULTS, SEARCH_MIN_LENGTH, containsPattern } from './repositories/search.repository';
export type { SearchHit } from './repositories/search.repository';
export { VesselRepository } from './repositories/vessel.repository';
export type { RouteData } from './repositories/vessel.repository';
