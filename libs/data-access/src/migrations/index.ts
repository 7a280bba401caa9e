import type { MigrationInterface } from 'typeorm';
import { InitialSchema1795289541882 } from './1795289541882-initial-schema';
import { ShipmentsTrackingStoppedTrigger1795289541883 } from './1795289541883-shipments-tracking-stopped-trigger';
import { ShipmentsPhysicalLookup1795293000000 } from './1795293000000-shipments-physical-lookup';
import { CarrierShipments1795533837778 } from './1795533837778-carrier-shipments';
import { VesselsMetroAreasSearch1795564365340 } from './1795564365340-vessels-metro-areas-search';
import { CustomFields1795564380908 } from './1795564380908-custom-fields';
import { RawEvents1795565967247 } from './1795565967247-raw-events';
import { Documents1795566092796 } from './1795566092796-documents';
import { WidgetKeys1795567007937 } from './1795567007937-widget-keys';
import { CustomFieldOptionsByAccount1795567546165 } from './1795567546165-custom-field-options-by-account';
import { DcsaPushedEvents1795586565679 } from './1795586565679-dcsa-pushed-events';
import { WebhookFormat1795587459054 } from './1795587459054-webhook-format';
import { TransportEventsByContainer1795587585817 } from './1795587585817-transport-events-by-container';
import { DocumentExtraction1795597276328 } from './1795597276328-document-extraction';
import { FirstPublishedAndLiveFields1795597446189 } from './1795597446189-first-published-and-live-fields';
import { TransportEventValue1795597941082 } from './1795597941082-transport-event-value';
import { AccountDocumentSettings1795600388254 } from './1795600388254-account-document-settings';
import { RailTerminals1795607349884 } from './1795607349884-rail-terminals';
import { OpenTrackingRequestsByNumber1795608609932 } from './1795608609932-open-tracking-requests-by-number';
import { WebhookNotificationPayloadAsText1795708167279 } from './1795708167279-webhook-notification-payload-as-text';
import { RoomForHotUpdates1795755479915 } from './1795755479915-room-for-hot-updates';
import { OutboxWakesRelays1795773134505 } from './1795773134505-outbox-wakes-relays';
import { ReadAheadForBitmapScans1795800000000 } from './1795800000000-read-ahead-for-bitmap-scans';
import { RoomForDeliveryAttempts1795839443920 } from './1795839443920-room-for-delivery-attempts';
import { DocumentsQueue1795900000000 } from './1795900000000-documents-queue';
import { TrackingSources1795928701108 } from './1795928701108-tracking-sources';
import { EquipmentHeightHighCube1796000000000 } from './1796000000000-equipment-height-high-cube';
import { Retention1796100000000 } from './1796100000000-retention';
import { SourceHealth1796200000000 } from './1796200000000-source-health';
import { CarrierShipmentRefreshPhase1796300000000 } from './1796300000000-carrier-shipment-refresh-phase';
import { DataFreshUntil1796400000000 } from './1796400000000-data-fresh-until';
import { SourceQuotaUse1796600000000 } from './1796600000000-source-quota-use';
import { OperatorNoticeLease1796700000000 } from './1796700000000-operator-notice-lease';
import { DcsaPolledAnswers1796800000000 } from './1796800000000-dcsa-polled-answers';
import { DcsaRetention1796900000000 } from './1796900000000-dcsa-retention';
import { DcsaPushLookups1797000000000 } from './1797000000000-dcsa-push-lookups';
import { OutboxClaimsSkipJobsInFlight1797100000000 } from './1797100000000-outbox-claims-skip-jobs-in-flight';
import { RelaysWokenAfterCommit1797200000000 } from './1797200000000-relays-woken-after-commit';
import { PushedRefsWithoutPendingList1797300000000 } from './1797300000000-pushed-refs-without-pending-list';

// Listed explicitly (not globbed) so swc-node, jest and the built image load the same set.
// `tools/cli/migration-generate.ts` rewrites this list from the files in this folder.
export const MIGRATIONS: (new () => MigrationInterface)[] = [
  InitialSchema1795289541882,
  ShipmentsTrackingStoppedTrigger1795289541883,
  ShipmentsPhysicalLookup1795293000000,
  CarrierShipments1795533837778,
  VesselsMetroAreasSearch1795564365340,
  CustomFields1795564380908,
  RawEvents1795565967247,
  Documents1795566092796,
  WidgetKeys1795567007937,
  CustomFieldOptionsByAccount1795567546165,
  DcsaPushedEvents1795586565679,
  WebhookFormat1795587459054,
  TransportEventsByContainer1795587585817,
  DocumentExtraction1795597276328,
  FirstPublishedAndLiveFields1795597446189,
  TransportEventValue1795597941082,
  AccountDocumentSettings1795600388254,
  RailTerminals1795607349884,
  OpenTrackingRequestsByNumber1795608609932,
  WebhookNotificationPayloadAsText1795708167279,
  RoomForHotUpdates1795755479915,
  OutboxWakesRelays1795773134505,
  ReadAheadForBitmapScans1795800000000,
  RoomForDeliveryAttempts1795839443920,
  DocumentsQueue1795900000000,
  TrackingSources1795928701108,
  EquipmentHeightHighCube1796000000000,
  Retention1796100000000,
  SourceHealth1796200000000,
  CarrierShipmentRefreshPhase1796300000000,
  DataFreshUntil1796400000000,
  SourceQuotaUse1796600000000,
  OperatorNoticeLease1796700000000,
  DcsaPolledAnswers1796800000000,
  DcsaRetention1796900000000,
  DcsaPushLookups1797000000000,
  OutboxClaimsSkipJobsInFlight1797100000000,
  RelaysWokenAfterCommit1797200000000,
  PushedRefsWithoutPendingList1797300000000,
];
