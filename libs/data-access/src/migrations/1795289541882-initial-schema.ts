import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1795289541882 implements MigrationInterface {
  name = 'InitialSchema1795289541882';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_name" text NOT NULL, "plan" text NOT NULL DEFAULT 'trial', "trial_ends_at" TIMESTAMP WITH TIME ZONE, "features" text array NOT NULL DEFAULT '{}', "enabled_carrier_scacs" text array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_accounts_features" CHECK ("features" <@ ARRAY['routing', 'rail_lfd', 'container_refresh', 'map_widget']::text[]), CONSTRAINT "chk_accounts_plan" CHECK ("plan" IN ('free', 'trial', 'paid')), CONSTRAINT "PK_5a7a02c20412299d198e097a8fe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "api_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "name" text NOT NULL, "prefix" text NOT NULL, "last_four" text NOT NULL, "key_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, "last_used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_api_keys_key_hash" ON "api_keys" ("key_hash") `);
    await queryRunner.query(`CREATE INDEX "idx_api_keys_account_id" ON "api_keys" ("account_id", "created_at", "id") `);
    await queryRunner.query(
      `CREATE TABLE "ports" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "code" text NOT NULL, "name" text NOT NULL, "city" text, "state_abbr" text, "country_code" text NOT NULL, "time_zone" text, "latitude" double precision, "longitude" double precision, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_291c9f372b1ce97c885e96f5ff4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_ports_code" ON "ports" ("code") `);
    await queryRunner.query(
      `CREATE TABLE "shipping_lines" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "scac" text NOT NULL, "name" text NOT NULL, "short_name" text NOT NULL, "legal_name" text, "alternative_scacs" text array NOT NULL DEFAULT '{}', "access" text NOT NULL DEFAULT 'public', "bill_of_lading_tracking_support" boolean NOT NULL DEFAULT false, "booking_number_tracking_support" boolean NOT NULL DEFAULT false, "container_number_tracking_support" boolean NOT NULL DEFAULT false, "is_sandbox" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_shipping_lines_access" CHECK ("access" IN ('public', 'account')), CONSTRAINT "PK_336306f24563d798ec54eedca0c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_shipping_lines_scac" ON "shipping_lines" ("scac") `);
    await queryRunner.query(
      `CREATE TABLE "terminals" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "nickname" text, "firms_code" text, "smdg_code" text, "bic_facility_code" text, "street" text, "city" text, "state" text, "state_abbr" text, "zip" text, "country" text, "region" text, "port_id" uuid, "time_zone" text, "is_sandbox" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cd9f1bbe36836bffd5217d3fe60" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_terminals_firms_code" ON "terminals" ("firms_code") `);
    await queryRunner.query(`CREATE INDEX "idx_terminals_port_id" ON "terminals" ("port_id") `);
    await queryRunner.query(
      `CREATE TABLE "shipments" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "bill_of_lading_number" text NOT NULL, "normalized_number" text NOT NULL, "carrier_reference" text, "ref_numbers" text array NOT NULL DEFAULT '{}', "tags" text array NOT NULL DEFAULT '{}', "port_of_lading_locode" text, "port_of_lading_name" text, "port_of_discharge_locode" text, "port_of_discharge_name" text, "destination_locode" text, "destination_name" text, "shipping_line_scac" text NOT NULL, "shipping_line_name" text, "shipping_line_short_name" text, "customer_name" text, "pod_vessel_name" text, "pod_vessel_imo" text, "pod_voyage_number" text, "pol_etd_at" TIMESTAMP WITH TIME ZONE, "pol_atd_at" TIMESTAMP WITH TIME ZONE, "pod_eta_at" TIMESTAMP WITH TIME ZONE, "pod_original_eta_at" TIMESTAMP WITH TIME ZONE, "pod_ata_at" TIMESTAMP WITH TIME ZONE, "destination_eta_at" TIMESTAMP WITH TIME ZONE, "destination_ata_at" TIMESTAMP WITH TIME ZONE, "pol_timezone" text, "pod_timezone" text, "destination_timezone" text, "line_tracking_last_attempted_at" TIMESTAMP WITH TIME ZONE, "line_tracking_last_succeeded_at" TIMESTAMP WITH TIME ZONE, "line_tracking_stopped_at" TIMESTAMP WITH TIME ZONE, "line_tracking_stopped_reason" text, "tracking_stopped" boolean NOT NULL DEFAULT false, "port_of_lading_id" uuid, "port_of_discharge_id" uuid, "destination_id" uuid, "pod_terminal_id" uuid, "destination_terminal_id" uuid, "shipping_line_id" uuid, "next_refresh_at" TIMESTAMP WITH TIME ZONE, "last_snapshot" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_shipments_line_tracking_stopped_reason" CHECK ("line_tracking_stopped_reason" IS NULL OR "line_tracking_stopped_reason" IN ('all_containers_terminated', 'past_arrival_window', 'past_full_out_window', 'no_updates_at_line', 'cancelled_by_user', 'booking_cancelled', 'data_unavailable')), CONSTRAINT "PK_6deda4532ac542a93eab214b564" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_shipments_refresh_due" ON "shipments" ("next_refresh_at") WHERE "line_tracking_stopped_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_shipments_account_number" ON "shipments" ("account_id", "shipping_line_scac", "normalized_number") `,
    );
    await queryRunner.query(`CREATE INDEX "idx_shipments_account_list" ON "shipments" ("account_id", "created_at", "id") `);
    await queryRunner.query(
      `CREATE TABLE "containers" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "shipment_id" uuid, "pod_terminal_id" uuid, "number" text NOT NULL, "ref_numbers" text array NOT NULL DEFAULT '{}', "equipment_type" text, "equipment_length" integer, "equipment_height" text, "weight_in_lbs" double precision, "seal_number" text, "pickup_lfd" TIMESTAMP WITH TIME ZONE, "pickup_lfd_line" TIMESTAMP WITH TIME ZONE, "pickup_lfd_terminal" TIMESTAMP WITH TIME ZONE, "pickup_lfd_rail" TIMESTAMP WITH TIME ZONE, "pickup_appointment_at" TIMESTAMP WITH TIME ZONE, "availability_known" boolean NOT NULL DEFAULT false, "available_for_pickup" boolean, "pod_arrived_at" TIMESTAMP WITH TIME ZONE, "pod_discharged_at" TIMESTAMP WITH TIME ZONE, "pod_full_out_at" TIMESTAMP WITH TIME ZONE, "pod_eta_at" TIMESTAMP WITH TIME ZONE, "terminal_checked_at" TIMESTAMP WITH TIME ZONE, "pod_full_out_chassis_number" text, "location_at_pod_terminal" text, "final_destination_full_out_at" TIMESTAMP WITH TIME ZONE, "empty_terminated_at" TIMESTAMP WITH TIME ZONE, "holds_at_pod_terminal" jsonb NOT NULL DEFAULT '[]', "fees_at_pod_terminal" jsonb NOT NULL DEFAULT '[]', "pod_timezone" text, "final_destination_timezone" text, "empty_terminated_timezone" text, "pod_rail_carrier_scac" text, "ind_rail_carrier_scac" text, "pod_last_tracking_request_at" TIMESTAMP WITH TIME ZONE, "shipment_last_tracking_request_at" TIMESTAMP WITH TIME ZONE, "pod_rail_loaded_at" TIMESTAMP WITH TIME ZONE, "pod_rail_departed_at" TIMESTAMP WITH TIME ZONE, "ind_eta_at" TIMESTAMP WITH TIME ZONE, "ind_ata_at" TIMESTAMP WITH TIME ZONE, "ind_rail_unloaded_at" TIMESTAMP WITH TIME ZONE, "ind_facility_lfd_on" TIMESTAMP WITH TIME ZONE, "current_status" text, "next_refresh_at" TIMESTAMP WITH TIME ZONE, "last_snapshot" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_containers_fees_is_array" CHECK (jsonb_typeof("fees_at_pod_terminal") = 'array'), CONSTRAINT "chk_containers_holds_is_array" CHECK (jsonb_typeof("holds_at_pod_terminal") = 'array'), CONSTRAINT "chk_containers_current_status" CHECK ("current_status" IS NULL OR "current_status" IN ('new', 'on_ship', 'available', 'not_available', 'grounded', 'on_rail', 'picked_up', 'off_dock', 'delivered', 'dropped', 'loaded', 'empty_returned', 'awaiting_inland_transfer')), CONSTRAINT "chk_containers_equipment_height" CHECK ("equipment_height" IS NULL OR "equipment_height" IN ('standard', 'high cube')), CONSTRAINT "chk_containers_equipment_length" CHECK ("equipment_length" IS NULL OR "equipment_length" IN (10, 20, 40, 45)), CONSTRAINT "chk_containers_equipment_type" CHECK ("equipment_type" IS NULL OR "equipment_type" IN ('dry', 'reefer', 'open top', 'flat rack', 'bulk', 'tank')), CONSTRAINT "PK_21cbac3e68f7b1cf53d39cda70c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_containers_shipment_id" ON "containers" ("shipment_id") `);
    await queryRunner.query(
      `CREATE INDEX "idx_containers_refresh_due" ON "containers" ("next_refresh_at") WHERE "next_refresh_at" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "idx_containers_account_number" ON "containers" ("account_id", "number") `);
    await queryRunner.query(`CREATE INDEX "idx_containers_account_list" ON "containers" ("account_id", "created_at", "id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_containers_shipment_number" ON "containers" ("account_id", "shipment_id", "number") `);
    await queryRunner.query(
      `CREATE TABLE "estimated_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "shipment_id" uuid NOT NULL, "container_id" uuid, "event" text NOT NULL, "estimated_timestamp" TIMESTAMP WITH TIME ZONE NOT NULL, "location_locode" text, "timezone" text, "voyage_number" text, "data_source" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_estimated_events_data_source" CHECK ("data_source" IN ('shipping_line', 'terminal')), CONSTRAINT "chk_estimated_events_event" CHECK ("event" IN ('container.transport.estimated.vessel_arrived', 'container.transport.estimated.vessel_departed', 'container.transport.estimated.arrived_at_inland_destination', 'shipment.estimated.arrival')), CONSTRAINT "PK_6163e7a7272bbcafa3c00c0f9a8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_estimated_events_container_id" ON "estimated_events" ("container_id") `);
    await queryRunner.query(`CREATE INDEX "idx_estimated_events_shipment_id" ON "estimated_events" ("shipment_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "idx_estimated_events_account_list" ON "estimated_events" ("account_id", "created_at", "id") `);
    await queryRunner.query(
      `CREATE TABLE "tracking_requests" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "request_number" text NOT NULL, "request_type" text NOT NULL, "scac" text NOT NULL, "ref_numbers" text array NOT NULL DEFAULT '{}', "tags" text array NOT NULL DEFAULT '{}', "status" text NOT NULL DEFAULT 'pending', "failed_reason" text, "is_retrying" boolean NOT NULL DEFAULT false, "retry_count" integer NOT NULL DEFAULT '0', "awaiting_manifest_since" TIMESTAMP WITH TIME ZONE, "next_attempt_at" TIMESTAMP WITH TIME ZONE, "tracked_object_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_tracking_requests_failed_reason" CHECK ("failed_reason" IS NULL OR "failed_reason" IN ('unrecognized_response', 'shipping_line_unreachable', 'internal_processing_error', 'awaiting_manifest', 'duplicate', 'expired', 'retries_exhausted', 'not_found', 'invalid_number', 'booking_cancelled', 'data_unavailable')), CONSTRAINT "chk_tracking_requests_status" CHECK ("status" IN ('pending', 'succeeded', 'failed', 'awaiting_manifest', 'tracking_stopped')), CONSTRAINT "chk_tracking_requests_request_type" CHECK ("request_type" IN ('bill_of_lading', 'booking_number', 'container')), CONSTRAINT "PK_39acb94e4cf306e1e9049ae8a89" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_tracking_requests_tracked_object_id" ON "tracking_requests" ("tracked_object_id") `);
    await queryRunner.query(
      `CREATE INDEX "idx_tracking_requests_next_attempt" ON "tracking_requests" ("next_attempt_at") WHERE "next_attempt_at" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "idx_tracking_requests_account_list" ON "tracking_requests" ("account_id", "created_at", "id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_tracking_requests_active_number" ON "tracking_requests" ("account_id", "request_number", "request_type", "scac") WHERE "status" IN ('pending', 'awaiting_manifest', 'succeeded')`,
    );
    await queryRunner.query(
      `CREATE TABLE "events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "name" text NOT NULL, "reference_object_type" text NOT NULL, "reference_object_id" uuid NOT NULL, "shipment_id" uuid, "container_id" uuid, "tracking_request_id" uuid, "payload" jsonb NOT NULL DEFAULT '{}', "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_events_reference_object_type" CHECK ("reference_object_type" IN ('tracking_request', 'estimated_event', 'transport_event', 'container_updated_event', 'container_pod_terminal_changed_event', 'shipment', 'container')), CONSTRAINT "chk_events_name" CHECK ("name" IN ('container.transport.vessel_arrived', 'container.transport.estimated.vessel_arrived', 'container.transport.vessel_discharged', 'container.transport.vessel_loaded', 'container.transport.vessel_departed', 'container.transport.estimated.vessel_departed', 'container.transport.rail_departed', 'container.transport.rail_arrived', 'container.transport.rail_loaded', 'container.transport.rail_unloaded', 'container.transport.transshipment_arrived', 'container.transport.transshipment_discharged', 'container.transport.transshipment_loaded', 'container.transport.transshipment_departed', 'container.transport.feeder_arrived', 'container.transport.feeder_discharged', 'container.transport.feeder_loaded', 'container.transport.feeder_departed', 'container.transport.empty_out', 'container.transport.full_in', 'container.transport.full_out', 'container.transport.empty_in', 'container.transport.vessel_berthed', 'shipment.estimated.arrival', 'tracking_request.succeeded', 'tracking_request.failed', 'tracking_request.awaiting_manifest', 'tracking_request.tracking_stopped', 'container.created', 'container.updated', 'container.pod_terminal_changed', 'container.transport.arrived_at_inland_destination', 'container.transport.estimated.arrived_at_inland_destination', 'container.pickup_lfd.changed', 'container.pickup_lfd_line.changed', 'container.pickup_lfd_terminal.changed', 'container.pickup_lfd_rail.changed', 'container.pickup_appointment.changed', 'container.transport.available', 'container.transport.not_available', 'container.transport.delivered', 'document.extracted', 'document.extraction_failed')), CONSTRAINT "PK_40731c7151fe4be3116e45ddf73" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_events_tracking_request_id" ON "events" ("tracking_request_id") `);
    await queryRunner.query(`CREATE INDEX "idx_events_container_id" ON "events" ("container_id") `);
    await queryRunner.query(`CREATE INDEX "idx_events_shipment_id" ON "events" ("shipment_id") `);
    await queryRunner.query(`CREATE INDEX "idx_events_account_list" ON "events" ("account_id", "created_at", "id") `);
    await queryRunner.query(
      `CREATE TABLE "idempotency_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "key" text NOT NULL, "request_hash" text NOT NULL, "response_status" integer, "response_body" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8ad20779ad0411107a56e53d0f6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_idempotency_keys_created_at" ON "idempotency_keys" ("created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_idempotency_keys_account_key" ON "idempotency_keys" ("account_id", "key") `);
    await queryRunner.query(
      `CREATE TABLE "outbox" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "queue" text NOT NULL, "job_name" text NOT NULL, "payload" jsonb NOT NULL, "account_id" uuid, "available_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published_at" TIMESTAMP WITH TIME ZONE, "publish_count" integer NOT NULL DEFAULT '0', "completed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_outbox_account_id" ON "outbox" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "idx_outbox_publishable" ON "outbox" ("available_at") WHERE "completed_at" IS NULL`);
    await queryRunner.query(
      `CREATE TABLE "parties" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "company_name" text NOT NULL, "nickname" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_da698299dca60d55f0050dde935" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_parties_account_list" ON "parties" ("account_id", "created_at", "id") `);
    await queryRunner.query(
      `CREATE TABLE "party_roles" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "party_id" uuid NOT NULL, "role" text NOT NULL, "roleable_type" text NOT NULL, "roleable_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_party_roles_roleable_type" CHECK ("roleable_type" IN ('Shipment', 'Cargo')), CONSTRAINT "chk_party_roles_role" CHECK ("role" IN ('shipper', 'consignee', 'notify_party', 'customs_broker', 'customer', 'freight_forwarder', 'pickup_dray_carrier')), CONSTRAINT "PK_f757edc8b4bfec7e0b266e0bbcb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_party_roles_roleable" ON "party_roles" ("account_id", "roleable_type", "roleable_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_party_roles_link" ON "party_roles" ("party_id", "role", "roleable_type", "roleable_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "rail_carriers" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "scac" text NOT NULL, "name" text NOT NULL, "short_name" text NOT NULL, "is_sandbox" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_abda6695ca3494e8e721bf958a7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_rail_carriers_scac" ON "rail_carriers" ("scac") `);
    await queryRunner.query(
      `CREATE TABLE "transport_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "container_id" uuid NOT NULL, "shipment_id" uuid, "event" text NOT NULL, "timestamp" TIMESTAMP WITH TIME ZONE, "timezone" text, "location_locode" text, "location_id" uuid, "terminal_id" uuid, "vessel_name" text, "vessel_imo" text, "voyage_number" text, "data_source" text NOT NULL, "dedupe_key" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_transport_events_data_source" CHECK ("data_source" IN ('shipping_line', 'terminal', 'rail', 'ais')), CONSTRAINT "PK_bc86008e3d80c8bc9c2bf558331" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_transport_events_shipment_id" ON "transport_events" ("shipment_id") `);
    await queryRunner.query(`CREATE INDEX "idx_transport_events_account_list" ON "transport_events" ("account_id", "created_at", "id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_transport_events_dedupe" ON "transport_events" ("container_id", "dedupe_key") `);
    await queryRunner.query(
      `CREATE TABLE "webhooks" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "url" text NOT NULL, "active" boolean NOT NULL DEFAULT true, "events" text array NOT NULL DEFAULT '{}', "secret" text NOT NULL, "headers" jsonb NOT NULL DEFAULT '[]', "deactivated_reason" text, "deactivated_at" TIMESTAMP WITH TIME ZONE, "last_success_at" TIMESTAMP WITH TIME ZONE, "failing_since" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9e8795cfc899ab7bdaa831e8527" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_webhooks_account_list" ON "webhooks" ("account_id", "created_at", "id") `);
    await queryRunner.query(
      `CREATE TABLE "webhook_notifications" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "webhook_id" uuid NOT NULL, "event_id" uuid NOT NULL, "event" text NOT NULL, "reference_object_type" text NOT NULL, "reference_object_id" uuid NOT NULL, "delivery_status" text NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "last_response_status" integer, "last_response_body" text, "last_error" text, "last_attempted_at" TIMESTAMP WITH TIME ZONE, "next_attempt_at" TIMESTAMP WITH TIME ZONE, "payload" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_webhook_notifications_reference_object_type" CHECK ("reference_object_type" IN ('tracking_request', 'estimated_event', 'transport_event', 'container_updated_event', 'container_pod_terminal_changed_event', 'shipment', 'container')), CONSTRAINT "chk_webhook_notifications_delivery_status" CHECK ("delivery_status" IN ('pending', 'succeeded', 'failed')), CONSTRAINT "PK_ae644eb6677f6e4ac17f6765399" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_webhook_notifications_event_id" ON "webhook_notifications" ("event_id") `);
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_notifications_webhook_list" ON "webhook_notifications" ("webhook_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_notifications_account_list" ON "webhook_notifications" ("account_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_webhook_notifications_webhook_event" ON "webhook_notifications" ("webhook_id", "event_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "api_keys" ADD CONSTRAINT "FK_decaf331589778e33441b2a8d9e" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "terminals" ADD CONSTRAINT "FK_4b5282b45c70dc793cf945f00ce" FOREIGN KEY ("port_id") REFERENCES "ports"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD CONSTRAINT "FK_549ffa4776cc19db9f95f002861" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD CONSTRAINT "FK_05abc61d3c9c23e5c6594f8120a" FOREIGN KEY ("port_of_lading_id") REFERENCES "ports"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD CONSTRAINT "FK_e888a065ea7ac30226a91809889" FOREIGN KEY ("port_of_discharge_id") REFERENCES "ports"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD CONSTRAINT "FK_9303022900b962d92470efecb1f" FOREIGN KEY ("destination_id") REFERENCES "ports"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD CONSTRAINT "FK_de718b6baa0073a3bec8519470c" FOREIGN KEY ("pod_terminal_id") REFERENCES "terminals"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD CONSTRAINT "FK_ac134fe51ed4ec1ccfca72a596f" FOREIGN KEY ("destination_terminal_id") REFERENCES "terminals"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD CONSTRAINT "FK_384e6bca2e7db155af5a7337095" FOREIGN KEY ("shipping_line_id") REFERENCES "shipping_lines"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "containers" ADD CONSTRAINT "FK_d73972747313eb3666345a73330" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "containers" ADD CONSTRAINT "FK_157155c3589439aadc503cce4c3" FOREIGN KEY ("shipment_id") REFERENCES "shipments"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "containers" ADD CONSTRAINT "FK_b431bad155ab26f0fd6a0c15b25" FOREIGN KEY ("pod_terminal_id") REFERENCES "terminals"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "estimated_events" ADD CONSTRAINT "FK_b3e2edb63bad6fbdccc70d3a652" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "estimated_events" ADD CONSTRAINT "FK_6c7c4e05869cd394faa4ddf9bcb" FOREIGN KEY ("shipment_id") REFERENCES "shipments"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "estimated_events" ADD CONSTRAINT "FK_1d2066c10c1d632b652764ad316" FOREIGN KEY ("container_id") REFERENCES "containers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tracking_requests" ADD CONSTRAINT "FK_c8a593aae79f5f6d569990c5238" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tracking_requests" ADD CONSTRAINT "FK_68e31e9f7e523c1b9f7a409d4ab" FOREIGN KEY ("tracked_object_id") REFERENCES "shipments"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "events" ADD CONSTRAINT "FK_54ec284da4b957748352c8310c8" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "events" ADD CONSTRAINT "FK_a47093105bad1d43d06db3ae5f1" FOREIGN KEY ("shipment_id") REFERENCES "shipments"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "events" ADD CONSTRAINT "FK_5045afdfb612d8f275bc8e8f803" FOREIGN KEY ("container_id") REFERENCES "containers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "events" ADD CONSTRAINT "FK_1b3ce4a6039e6b3fe8d4dbd00d4" FOREIGN KEY ("tracking_request_id") REFERENCES "tracking_requests"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "idempotency_keys" ADD CONSTRAINT "FK_2fce765c0a9afca71085de67556" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "parties" ADD CONSTRAINT "FK_8ece8e50267d83b193fd58f4e1d" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "party_roles" ADD CONSTRAINT "FK_4a60545e2af903e51bd6388844f" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "party_roles" ADD CONSTRAINT "FK_df0f8abbacba0c25ca73057b4f1" FOREIGN KEY ("party_id") REFERENCES "parties"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transport_events" ADD CONSTRAINT "FK_8d964b460472d5ec44131fd103c" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transport_events" ADD CONSTRAINT "FK_676cea5e630eb01401ae6470ecb" FOREIGN KEY ("container_id") REFERENCES "containers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transport_events" ADD CONSTRAINT "FK_fb02e634f1f6b93715fbba004fe" FOREIGN KEY ("shipment_id") REFERENCES "shipments"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transport_events" ADD CONSTRAINT "FK_ef5d6483293998b88b14d6e070e" FOREIGN KEY ("location_id") REFERENCES "ports"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transport_events" ADD CONSTRAINT "FK_77060778f5103e3c39b46c3217d" FOREIGN KEY ("terminal_id") REFERENCES "terminals"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhooks" ADD CONSTRAINT "FK_295b5a3ff343825baa12cfdcba0" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_notifications" ADD CONSTRAINT "FK_2bc892df80267359d49dc5f3daf" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_notifications" ADD CONSTRAINT "FK_31347558d5d20c5d34af4202455" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_notifications" ADD CONSTRAINT "FK_71b28550d1dc00609d5eed47d6d" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_notifications" DROP CONSTRAINT "FK_71b28550d1dc00609d5eed47d6d"`);
    await queryRunner.query(`ALTER TABLE "webhook_notifications" DROP CONSTRAINT "FK_31347558d5d20c5d34af4202455"`);
    await queryRunner.query(`ALTER TABLE "webhook_notifications" DROP CONSTRAINT "FK_2bc892df80267359d49dc5f3daf"`);
    await queryRunner.query(`ALTER TABLE "webhooks" DROP CONSTRAINT "FK_295b5a3ff343825baa12cfdcba0"`);
    await queryRunner.query(`ALTER TABLE "transport_events" DROP CONSTRAINT "FK_77060778f5103e3c39b46c3217d"`);
    await queryRunner.query(`ALTER TABLE "transport_events" DROP CONSTRAINT "FK_ef5d6483293998b88b14d6e070e"`);
    await queryRunner.query(`ALTER TABLE "transport_events" DROP CONSTRAINT "FK_fb02e634f1f6b93715fbba004fe"`);
    await queryRunner.query(`ALTER TABLE "transport_events" DROP CONSTRAINT "FK_676cea5e630eb01401ae6470ecb"`);
    await queryRunner.query(`ALTER TABLE "transport_events" DROP CONSTRAINT "FK_8d964b460472d5ec44131fd103c"`);
    await queryRunner.query(`ALTER TABLE "party_roles" DROP CONSTRAINT "FK_df0f8abbacba0c25ca73057b4f1"`);
    await queryRunner.query(`ALTER TABLE "party_roles" DROP CONSTRAINT "FK_4a60545e2af903e51bd6388844f"`);
    await queryRunner.query(`ALTER TABLE "parties" DROP CONSTRAINT "FK_8ece8e50267d83b193fd58f4e1d"`);
    await queryRunner.query(`ALTER TABLE "idempotency_keys" DROP CONSTRAINT "FK_2fce765c0a9afca71085de67556"`);
    await queryRunner.query(`ALTER TABLE "events" DROP CONSTRAINT "FK_1b3ce4a6039e6b3fe8d4dbd00d4"`);
    await queryRunner.query(`ALTER TABLE "events" DROP CONSTRAINT "FK_5045afdfb612d8f275bc8e8f803"`);
    await queryRunner.query(`ALTER TABLE "events" DROP CONSTRAINT "FK_a47093105bad1d43d06db3ae5f1"`);
    await queryRunner.query(`ALTER TABLE "events" DROP CONSTRAINT "FK_54ec284da4b957748352c8310c8"`);
    await queryRunner.query(`ALTER TABLE "tracking_requests" DROP CONSTRAINT "FK_68e31e9f7e523c1b9f7a409d4ab"`);
    await queryRunner.query(`ALTER TABLE "tracking_requests" DROP CONSTRAINT "FK_c8a593aae79f5f6d569990c5238"`);
    await queryRunner.query(`ALTER TABLE "estimated_events" DROP CONSTRAINT "FK_1d2066c10c1d632b652764ad316"`);
    await queryRunner.query(`ALTER TABLE "estimated_events" DROP CONSTRAINT "FK_6c7c4e05869cd394faa4ddf9bcb"`);
    await queryRunner.query(`ALTER TABLE "estimated_events" DROP CONSTRAINT "FK_b3e2edb63bad6fbdccc70d3a652"`);
    await queryRunner.query(`ALTER TABLE "containers" DROP CONSTRAINT "FK_b431bad155ab26f0fd6a0c15b25"`);
    await queryRunner.query(`ALTER TABLE "containers" DROP CONSTRAINT "FK_157155c3589439aadc503cce4c3"`);
    await queryRunner.query(`ALTER TABLE "containers" DROP CONSTRAINT "FK_d73972747313eb3666345a73330"`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP CONSTRAINT "FK_384e6bca2e7db155af5a7337095"`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP CONSTRAINT "FK_ac134fe51ed4ec1ccfca72a596f"`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP CONSTRAINT "FK_de718b6baa0073a3bec8519470c"`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP CONSTRAINT "FK_9303022900b962d92470efecb1f"`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP CONSTRAINT "FK_e888a065ea7ac30226a91809889"`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP CONSTRAINT "FK_05abc61d3c9c23e5c6594f8120a"`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP CONSTRAINT "FK_549ffa4776cc19db9f95f002861"`);
    await queryRunner.query(`ALTER TABLE "terminals" DROP CONSTRAINT "FK_4b5282b45c70dc793cf945f00ce"`);
    await queryRunner.query(`ALTER TABLE "api_keys" DROP CONSTRAINT "FK_decaf331589778e33441b2a8d9e"`);
    await queryRunner.query(`DROP INDEX "public"."uq_webhook_notifications_webhook_event"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_notifications_account_list"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_notifications_webhook_list"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_notifications_event_id"`);
    await queryRunner.query(`DROP TABLE "webhook_notifications"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhooks_account_list"`);
    await queryRunner.query(`DROP TABLE "webhooks"`);
    await queryRunner.query(`DROP INDEX "public"."uq_transport_events_dedupe"`);
    await queryRunner.query(`DROP INDEX "public"."idx_transport_events_account_list"`);
    await queryRunner.query(`DROP INDEX "public"."idx_transport_events_shipment_id"`);
    await queryRunner.query(`DROP TABLE "transport_events"`);
    await queryRunner.query(`DROP INDEX "public"."uq_rail_carriers_scac"`);
    await queryRunner.query(`DROP TABLE "rail_carriers"`);
    await queryRunner.query(`DROP INDEX "public"."uq_party_roles_link"`);
    await queryRunner.query(`DROP INDEX "public"."idx_party_roles_roleable"`);
    await queryRunner.query(`DROP TABLE "party_roles"`);
    await queryRunner.query(`DROP INDEX "public"."idx_parties_account_list"`);
    await queryRunner.query(`DROP TABLE "parties"`);
    await queryRunner.query(`DROP INDEX "public"."idx_outbox_publishable"`);
    await queryRunner.query(`DROP INDEX "public"."idx_outbox_account_id"`);
    await queryRunner.query(`DROP TABLE "outbox"`);
    await queryRunner.query(`DROP INDEX "public"."uq_idempotency_keys_account_key"`);
    await queryRunner.query(`DROP INDEX "public"."idx_idempotency_keys_created_at"`);
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
    await queryRunner.query(`DROP INDEX "public"."idx_events_account_list"`);
    await queryRunner.query(`DROP INDEX "public"."idx_events_shipment_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_events_container_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_events_tracking_request_id"`);
    await queryRunner.query(`DROP TABLE "events"`);
    await queryRunner.query(`DROP INDEX "public"."uq_tracking_requests_active_number"`);
    await queryRunner.query(`DROP INDEX "public"."idx_tracking_requests_account_list"`);
    await queryRunner.query(`DROP INDEX "public"."idx_tracking_requests_next_attempt"`);
    await queryRunner.query(`DROP INDEX "public"."idx_tracking_requests_tracked_object_id"`);
    await queryRunner.query(`DROP TABLE "tracking_requests"`);
    await queryRunner.query(`DROP INDEX "public"."idx_estimated_events_account_list"`);
    await queryRunner.query(`DROP INDEX "public"."idx_estimated_events_shipment_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_estimated_events_container_id"`);
    await queryRunner.query(`DROP TABLE "estimated_events"`);
    await queryRunner.query(`DROP INDEX "public"."uq_containers_shipment_number"`);
    await queryRunner.query(`DROP INDEX "public"."idx_containers_account_list"`);
    await queryRunner.query(`DROP INDEX "public"."idx_containers_account_number"`);
    await queryRunner.query(`DROP INDEX "public"."idx_containers_refresh_due"`);
    await queryRunner.query(`DROP INDEX "public"."idx_containers_shipment_id"`);
    await queryRunner.query(`DROP TABLE "containers"`);
    await queryRunner.query(`DROP INDEX "public"."idx_shipments_account_list"`);
    await queryRunner.query(`DROP INDEX "public"."idx_shipments_account_number"`);
    await queryRunner.query(`DROP INDEX "public"."idx_shipments_refresh_due"`);
    await queryRunner.query(`DROP TABLE "shipments"`);
    await queryRunner.query(`DROP INDEX "public"."idx_terminals_port_id"`);
    await queryRunner.query(`DROP INDEX "public"."uq_terminals_firms_code"`);
    await queryRunner.query(`DROP TABLE "terminals"`);
    await queryRunner.query(`DROP INDEX "public"."uq_shipping_lines_scac"`);
    await queryRunner.query(`DROP TABLE "shipping_lines"`);
    await queryRunner.query(`DROP INDEX "public"."uq_ports_code"`);
    await queryRunner.query(`DROP TABLE "ports"`);
    await queryRunner.query(`DROP INDEX "public"."idx_api_keys_account_id"`);
    await queryRunner.query(`DROP INDEX "public"."uq_api_keys_key_hash"`);
    await queryRunner.query(`DROP TABLE "api_keys"`);
    await queryRunner.query(`DROP TABLE "accounts"`);
  }
}
