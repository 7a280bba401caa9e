export * from './entities';
export { transportEventDedupeKey } from './entities/transport-event-dedupe-key';
export { timeOrderedId } from './entities/time-ordered-id';
export { DATABASE_POOL_MODES, DATABASE_TLS_MODES } from './database/data-source-options';
export type { DatabasePoolMode, DatabaseTls, DatabaseTlsMode } from './database/data-source-options';
export { isDatabaseUnavailable } from './database/database-unavailable';
export { createDatabaseConnection, inFixtureTransaction } from './database/database-connection';
export type { DatabaseConnection, RowWriter } from './database/database-connection';
/** @internal Exported for tests: they read the statements a call sends. */
export { DATABASE_CONNECTION, recordStatements, recordStatementsDuring } from './database/statement-recorder';
export type { StatementLog } from './database/statement-recorder';
export { runMigrations } from './database/run-migrations';
export { createDatabase, dropDatabase, ensureDatabase, withAdminClient, withDatabaseName } from './database/database-admin';
/** @internal Exported for tests: libs/testing prepares test databases with them. */
export { databaseExists, renameDatabase } from './database/database-admin';
export { pendingSchemaChanges } from './schema/schema-diff';
export { DataAccessModule } from './data-access.module';
export type { DataAccessModuleOptions } from './data-access.module';
export * from './repositories';
export { checkMigrationsMatchEntities } from './schema/check-migrations';
/** @internal Exported for tests: libs/testing reuses a migrated template database while it matches. */
export { schemaFingerprint } from './schema/schema-fingerprint';
export { seedReferenceData } from './reference-data/seed-reference-data';
/** @internal Exported for tests: they compare the API's answers with the seeds. */
export { METRO_AREA_SEEDS } from './reference-data/reference-data';
/** The ports table every database is seeded with: libs/carriers falls back on its time zones. */
export { PORT_SEEDS } from './reference-data/reference-data';
export { AccountRepository } from './repositories/account.repository';
export type { NewAccount, ProvisionedAccount } from './repositories/account.repository';
export { ApiKeyRepository } from './repositories/api-key.repository';
export type { ApiKey } from './repositories/api-key.repository';
export { WidgetKeyRepository } from './repositories/widget-key.repository';
export type { WidgetKey } from './repositories/widget-key.repository';
export { isUuid } from './repositories/account-scope';
export type { AccountScope } from './repositories/account-scope';
export { PlanUsageRepository } from './repositories/plan-usage.repository';
export { OWNED_RECORD_TABLES, RecordOwnerRepository } from './repositories/record-owner.repository';
export type { OwnedRecordKind, RecordRef } from './repositories/record-owner.repository';
export { generateApiKey, hashApiKey, isWellFormedApiKey, maskApiKey, sameHash } from './repositories/api-key-secret';
export { ShipmentStateRepository } from './repositories/shipment-state.repository';
export type { StateDecision } from './repositories/shipment-state.repository';
export type {
  Follower,
  LoadedObservation,
  LoadedTrackingState,
  NewEstimatedEvent,
  NewEvent,
  NewRawEvent,
  NewTransportEvent,
  ObservationDecision,
  ObservationLease,
  ObservationSources,
  StateWrite,
  StoredShipmentState,
} from './repositories/shipment-state.types';
export { ObservationRepository } from './repositories/observation.repository';
export type { ObservationItem, ObservationItemResult } from './repositories/observation.repository';
export { CarrierShipmentRepository } from './repositories/carrier-shipment.repository';
export type { CarrierShipmentClaim } from './repositories/carrier-shipment.repository';
export type { DueCarrierShipment } from './repositories/carrier-shipment.repository';
export { TrackingRepository } from './repositories/tracking.repository';
export { WebhookRegistrationRepository } from './repositories/webhook-registration.repository';
export type { WebhookChanges } from './repositories/webhook-registration.repository';
export { WebhookNotificationQueryRepository } from './repositories/webhook-notification-query.repository';
export type { WebhookNotificationFilters } from './repositories/webhook-notification-query.repository';
export { TrackingRequestRepository } from './repositories/tracking-request.repository';
export type { NewTrackingRequest, TrackingRequestFilters } from './repositories/tracking-request.repository';
export { IdempotencyKeyRepository, IDEMPOTENCY_KEY_TTL_HOURS } from './repositories/idempotency-key.repository';
export type { StoredResponse } from './repositories/idempotency-key.repository';
export { ShipmentRepository } from './repositories/shipment.repository';
export type { ShipmentFilters, ShipmentRecord } from './repositories/shipment.repository';
export { ReferenceResourceRepository, toShippingLine } from './repositories/reference-resource.repository';
export type { ShippingLineRecord } from './repositories/reference-resource.repository';
export type { CustomFieldMatch, TimeRange } from './repositories/list-page';
export { ContainerRepository } from './repositories/container.repository';
export type { ContainerListFilters } from './repositories/container.repository';
export { TransportEventRepository } from './repositories/transport-event.repository';
export { RawEventRepository } from './repositories/raw-event.repository';
export type { TransportEventRecord } from './repositories/transport-event.repository';
export { PartyRepository } from './repositories/party.repository';
export { DocumentRepository } from './repositories/document.repository';
export type { DocumentFilters, DocumentSort, NewDocument } from './repositories/document.repository';
export { DocumentExtractionRepository } from './repositories/document-extraction.repository';
export type { ExtractionClaim, ExtractionResult } from './repositories/document-extraction.repository';
export { DocumentRepresentationRepository } from './repositories/document-representation.repository';
export { EmailSubmissionRepository } from './repositories/email-submission.repository';
export type { NewEmailSubmission } from './repositories/email-submission.repository';
export { CustomFieldDefinitionRepository } from './repositories/custom-field-definition.repository';
export type { CustomFieldDefinitionFields, CustomFieldDefinitionFilters } from './repositories/custom-field-definition.repository';
export { CustomFieldOptionRepository } from './repositories/custom-field-option.repository';
export { CustomFieldRepository } from './repositories/custom-field.repository';
export type { CustomFieldFilters, CustomFieldView } from './repositories/custom-field.repository';
export type { PartyFields } from './repositories/party.repository';
export { PartyRoleRepository } from './repositories/party-role.repository';
export type { Roleable } from './repositories/party-role.repository';
export type { UnitOfWork } from './database/unit-of-work';
export { MetroAreaRepository } from './repositories/metro-area.repository';
export type { MetroArea } from './repositories/metro-area.repository';
export { SearchRepository, SEARCH_MIN_LENGTH } from './repositories/search.repository';
export type { SearchHit } from './repositories/search.repository';
export { VesselRepository } from './repositories/vessel.repository';
export type { RouteData } from './repositories/vessel.repository';
