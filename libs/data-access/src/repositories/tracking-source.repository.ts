import { Injectable } from '@nestjs/common';
import type { SourceKind, TrackingSource } from '@quayside/domain';
import { DataSource } from 'typeorm';
import type { TrackingSourceEntity } from '../entities/tracking-source.entity';
import { queryRows } from './query-rows';

/** What a registration changed, for the worker's start-up log. */
interface SourceRegistration {
  /** `carrier MAEU`, … served now and not before. */
  added: string[];
  /** Served before, not any more. */
  withdrawn: string[];
}

type SourceRow = Pick<TrackingSourceEntity, 'kind' | 'code' | 'adapter' | 'request_types' | 'sandbox' | 'experimental'>;

const toSource = (row: SourceRow): TrackingSource => ({
  kind: row.kind,
  code: row.code,
  adapter: row.adapter,
  requestTypes: row.request_types,
  sandbox: row.sandbox,
  experimental: row.experimental,
});

const label = (row: { kind: string; code: string }): string => `${row.kind} ${row.code}`;

/**
 * The sources this deployment serves (docs/carriers.md, "What this server tracks"). Each
 * tracker-worker registers its configured set when it starts; the newest registration is the
 * deployment's (every worker of one deployment runs one configuration). The api reads it to
 * refuse at once what no source serves.
 */
@Injectable()
export class TrackingSourceRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Makes `sources` the served set, in one transaction: each is written (served again if it was
   * withdrawn), every other served one is withdrawn. Concurrent starts are serialized by a lock on
   * the table, so two workers starting together never leave a mix of their sets.
   */
  async register(sources: readonly TrackingSource[], at: Date): Promise<SourceRegistration> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`LOCK TABLE tracking_sources IN SHARE ROW EXCLUSIVE MODE`);
      const before = await queryRows<{ kind: string; code: string }>(
        manager,
        `SELECT kind, code FROM tracking_sources WHERE withdrawn_at IS NULL`,
      );
      const rows = sources.map((s) => ({
        kind: s.kind,
        code: s.code.trim().toUpperCase(),
        adapter: s.adapter,
        request_types: s.requestTypes,
        sandbox: s.sandbox,
        experimental: s.experimental,
      }));
      await manager.query(
        `INSERT INTO tracking_sources (kind, code, adapter, request_types, sandbox, experimental, registered_at, withdrawn_at)
         SELECT s.kind, s.code, s.adapter, ARRAY(SELECT json_array_elements_text(s.request_types)), s.sandbox, s.experimental, $2, NULL
           FROM json_to_recordset($1::json) AS s(kind text, code text, adapter text, request_types json, sandbox boolean, experimental boolean)
         ON CONFLICT (kind, code) DO UPDATE
           SET adapter = excluded.adapter, request_types = excluded.request_types, sandbox = excluded.sandbox,
               experimental = excluded.experimental, registered_at = excluded.registered_at, withdrawn_at = NULL`,
        [JSON.stringify(rows), at],
      );
      const keep = new Set(rows.map(label));
      const withdrawn = before.filter((row) => !keep.has(label(row)));
      if (withdrawn.length > 0) {
        await manager.query(
          `UPDATE tracking_sources t SET withdrawn_at = $2
             FROM json_to_recordset($1::json) AS w(kind text, code text)
            WHERE t.kind = w.kind AND t.code = w.code`,
          [JSON.stringify(withdrawn), at],
        );
      }
      const had = new Set(before.map(label));
      return { added: [...keep].filter((key) => !had.has(key)), withdrawn: withdrawn.map(label) };
    });
  }

  /** Every source served now, by kind and code. */
  async served(kind?: SourceKind): Promise<TrackingSource[]> {
    const rows = await queryRows<SourceRow>(
      this.dataSource,
      `SELECT kind, code, adapter, request_types, sandbox, experimental FROM tracking_sources
        WHERE withdrawn_at IS NULL AND ($1::text IS NULL OR kind = $1) ORDER BY kind, code`,
      [kind ?? null],
    );
    return rows.map(toSource);
  }

  /** The served source of this carrier SCAC, or null. */
  async servedCarrier(scac: string): Promise<TrackingSource | null> {
    const rows = await queryRows<SourceRow>(
      this.dataSource,
      `SELECT kind, code, adapter, request_types, sandbox, experimental FROM tracking_sources
        WHERE kind = 'carrier' AND code = $1 AND withdrawn_at IS NULL`,
      [scac.trim().toUpperCase()],
    );
    return rows[0] === undefined ? null : toSource(rows[0]);
  }
}
