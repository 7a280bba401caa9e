export { createTestDatabase, TEST_SERVER_URL } from './database/create-test-database';
export type { TestDatabase } from './database/create-test-database';
export { testRedisPrefix } from './redis/test-redis-prefix';
export { createAccount } from './factories/account.factory';
export { createShipment } from './factories/shipment.factory';
export { createContainer, createTransportEvent } from './factories/container.factory';
export { CONTAINER_FIXTURES } from './factories/container-fixtures';
export { createParty, linkParty } from './factories/party.factory';
export { serveCarriers } from './factories/tracking-source.factory';
export { dcsa3SchemaValidator } from './dcsa/dcsa3-schema-validator';
export { RecordingServer } from './http/recording-server';
export type { RecordedRequest, RecordingHandler } from './http/recording-server';
export { composeEnvironment, readComposeFile } from './deployment/compose-file';
export type { ComposeService } from './deployment/compose-file';
export {
  arrivalNoticePdf,
  billOfLadingPdf,
  containerNumber,
  emailWithAttachments,
  SAMPLE_BILL_OF_LADING,
  scannedPdf,
} from './documents/sample-documents';
export {
  flipBits,
  nestedEmail,
  pdfWithExpandingStream,
  pdfWithPageSize,
  pngDeclaring,
  realPng,
  tiffWithPages,
} from './documents/hostile-documents';
export { S3TestServer } from './s3/s3-test-server';
export { eventually } from './waiting/eventually';
export { refreshCompleted } from './waiting/refresh-completed';
export { SmtpClient } from './servers/smtp-client';
export { ProcessTreeMemory } from './processes/process-tree-memory';
export { createTestCertificates } from './servers/test-certificates';
export type { TestCertificates } from './servers/test-certificates';
export { TestPostgresServer } from './servers/test-postgres-server';
export { TestPgBouncer } from './servers/test-pgbouncer';
export { OpenApiResponseValidator } from './openapi/openapi-response-validator';
export type { OpenApiFinding } from './openapi/openapi-response-validator';
export { launchChromium, servePage } from './browser/browser';
export { expectMatchesCommittedScreenshot, SCREENSHOT_NOW } from './browser/screenshot';
export type { Region } from './browser/screenshot';
export { TestRedisServer } from './servers/test-redis-server';
export { TestRedisCluster } from './servers/test-redis-cluster';
