import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccountScope } from './account-scope';
import { isUuid } from './account-scope';
import { queryRows } from './query-rows';

/** The tenant-owned records a request can name by id, and their tables. */
export const OWNED_RECORD_TABLES = {
  container: 'containers',
  shipment: 'shipments',
  tracking_request: 'tracking_requests',
  party: 'parties',
  party_role: 'party_roles',
  webhook: 'webhooks',
  webhook_notification: 'webhook_notifications',
  api_key: 'api_keys',
  custom_field_definition: 'custom_field_definitions',
  custom_field_option: 'custom_field_options',
  custom_field: 'custom_fields',
  widget_key: 'widget_keys',
} as const;

export type OwnedRecordKind = keyof typeof OWNED_RECORD_TABLES;

export interface RecordRef {
  kind: OwnedRecordKind;
  id: string;
}

/**
 * Who owns the records a request names, asked before anything else may answer for them (plan
 * and feature checks): a record of another account is 401 whatever else is wrong with the
 * request. Ids that are not uuids or exist nowhere are no one's; their handler answers 404/422.
 */
@Injectable()
export class RecordOwnerRepository {
  constructor(private readonly dataSource: DataSource) {}

  async namesForeignRecord(scope: AccountScope, refs: readonly RecordRef[]): Promise<boolean> {
    const valid = refs.filter((ref) => isUuid(ref.id));
    if (valid.length === 0) return false;
    const probes = valid.map((ref, index) => `SELECT account_id FROM ${OWNED_RECORD_TABLES[ref.kind]} WHERE id = $${index + 2}`);
    const rows = await queryRows<{ foreign: boolean }>(
      this.dataSource,
      `SELECT EXISTS (SELECT 1 FROM (${probes.join(' UNION ALL ')}) owners WHERE account_id <> $1) AS "foreign"`,
      [scope.accountId, ...valid.map((ref) => ref.id)],
    );
    return rows[0]?.foreign === true;
  }
}
