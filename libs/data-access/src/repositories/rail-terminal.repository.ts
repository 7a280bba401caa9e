import { Injectable } from '@nestjs/common';
import { railFacilityKey } from '@quayside/domain';
import type { ReportedRailFacility } from '@quayside/domain';
import { DataSource, In } from 'typeorm';
import { RailTerminalEntity } from '../entities/rail-terminal.entity';
import { queryRows } from './query-rows';

/**
 * Inland rail facilities as sources report them. `record` is idempotent and safe across
 * processes: one row per facility key, whoever reports it first; later reports of the same
 * facility (another name's spelling, another container) find that row and change nothing.
 */
@Injectable()
export class RailTerminalRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The id of the reported facility, recorded now if it is new; null when the report names no facility. */
  async record(facility: ReportedRailFacility): Promise<string | null> {
    const key = railFacilityKey(facility);
    if (key === null) return null;
    const existing = await this.findIdByKey(key);
    if (existing !== null) return existing;
    const locode = facility.locode?.trim().toUpperCase() || null;
    const firmsCode = facility.firmsCode?.trim().toUpperCase() || null;
    const inserted = await queryRows<{ id: string }>(
      this.dataSource,
      `INSERT INTO rail_terminals (facility_key, name, firms_code, locode, port_id, metro_area_id)
       SELECT $1, $2, $3, $4::text, (SELECT id FROM ports WHERE code = $4::text), (SELECT id FROM metro_areas WHERE code = $4::text)
       ON CONFLICT (facility_key) DO NOTHING
       RETURNING id`,
      [key, facility.name.trim(), firmsCode, locode],
    );
    // Another process recorded it between the read and the insert: its row is the one.
    return inserted[0]?.id ?? this.findIdByKey(key);
  }

  async findByIds(ids: readonly string[]): Promise<RailTerminalEntity[]> {
    if (ids.length === 0) return [];
    return this.dataSource.getRepository(RailTerminalEntity).findBy({ id: In([...ids]) });
  }

  private async findIdByKey(key: string): Promise<string | null> {
    const [row] = await queryRows<{ id: string }>(this.dataSource, `SELECT id FROM rail_terminals WHERE facility_key = $1`, [key]);
    return row?.id ?? null;
  }
}
