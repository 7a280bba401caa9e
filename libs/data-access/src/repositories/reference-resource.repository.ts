import { Injectable } from '@nestjs/common';
import type { Port, ShippingLine, Terminal } from '@quayside/domain';
import { DataSource, In } from 'typeorm';
import { PortEntity } from '../entities/port.entity';
import { ShippingLineEntity } from '../entities/shipping-line.entity';
import { TerminalEntity } from '../entities/terminal.entity';
import { isUuid } from './account-scope';
import { queryRows } from './query-rows';

export function toShippingLine(row: ShippingLineEntity): ShippingLine {
  return {
    id: row.id,
    scac: row.scac,
    name: row.name,
    short_name: row.short_name,
    alternative_scacs: [...row.alternative_scacs],
    access: row.access,
    bill_of_lading_tracking_support: row.bill_of_lading_tracking_support,
    booking_number_tracking_support: row.booking_number_tracking_support,
    container_number_tracking_support: row.container_number_tracking_support,
  };
}

export function toPort(row: PortEntity): Port {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    state_abbr: row.state_abbr,
    city: row.city,
    country_code: row.country_code,
    time_zone: row.time_zone,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** A shipping line as the api serves it: with whether a source of this server tracks it (docs/carriers.md, "What this server tracks"). */
export type ShippingLineRecord = ShippingLine & { tracked_by_this_server: boolean };

/** A port as the api reads it on its own or included: with the ids of its terminals (`terminals`). */
export type PortRecord = Port & { terminal_ids: string[] };

export function toTerminal(row: TerminalEntity): Terminal {
  return {
    id: row.id,
    port_id: row.port_id,
    name: row.name,
    nickname: row.nickname,
    firms_code: row.firms_code,
    smdg_code: row.smdg_code,
    bic_facility_code: row.bic_facility_code,
    street: row.street,
    city: row.city,
    state: row.state,
    state_abbr: row.state_abbr,
    zip: row.zip,
    country: row.country,
  };
}

const UN_LOCODE = /^[A-Za-z]{2}[A-Za-z0-9]{3}$/;

/**
 * The established API resources as the api serves them (shipping lines, ports, terminals), mapped
 * to domain records. Not tenant-owned: every account sees the same rows. Anything that is
 * not an id (or, for ports, a UN/LOCODE) is simply not found.
 */
@Injectable()
export class ReferenceResourceRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Every shipping line, by SCAC (unique, indexed): small and unpaginated, as the established API. */
  async listShippingLines(): Promise<ShippingLineRecord[]> {
    return this.withTracking(await this.dataSource.getRepository(ShippingLineEntity).find({ order: { scac: 'ASC' } }));
  }

  async findShippingLine(id: string): Promise<ShippingLineRecord | null> {
    if (!isUuid(id)) return null;
    const row = await this.dataSource.getRepository(ShippingLineEntity).findOneBy({ id });
    return row ? ((await this.withTracking([row]))[0] ?? null) : null;
  }

  async findShippingLinesByIds(ids: readonly string[]): Promise<ShippingLineRecord[]> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    return this.withTracking(await this.dataSource.getRepository(ShippingLineEntity).findBy({ id: In(valid) }));
  }

  /** One query for every line of the answer: the carriers a tracker-worker registered and still serves. */
  private async withTracking(rows: readonly ShippingLineEntity[]): Promise<ShippingLineRecord[]> {
    if (rows.length === 0) return [];
    const served = await queryRows<{ code: string }>(
      this.dataSource,
      `SELECT code FROM tracking_sources WHERE kind = 'carrier' AND withdrawn_at IS NULL AND code = ANY($1::text[])`,
      [rows.map((row) => row.scac)],
    );
    const tracked = new Set(served.map((row) => row.code));
    return rows.map((row) => ({ ...toShippingLine(row), tracked_by_this_server: tracked.has(row.scac) }));
  }

  /** A port by id or by UN/LOCODE (`USLAX`), as the established API allows both. */
  async findPort(idOrCode: string): Promise<PortRecord | null> {
    const repository = this.dataSource.getRepository(PortEntity);
    const row = isUuid(idOrCode)
      ? await repository.findOneBy({ id: idOrCode })
      : UN_LOCODE.test(idOrCode)
        ? await repository.findOneBy({ code: idOrCode.toUpperCase() })
        : null;
    return row ? ((await this.withTerminalIds([toPort(row)]))[0] ?? null) : null;
  }

  async findPortsByIds(ids: readonly string[]): Promise<PortRecord[]> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    return this.withTerminalIds((await this.dataSource.getRepository(PortEntity).findBy({ id: In(valid) })).map(toPort));
  }

  /** One query for the terminals of all the ports, in name order. */
  private async withTerminalIds(ports: readonly Port[]): Promise<PortRecord[]> {
    if (ports.length === 0) return [];
    const rows = await this.dataSource
      .getRepository(TerminalEntity)
      .find({ select: { id: true, port_id: true }, where: { port_id: In(ports.map((p) => p.id)) }, order: { name: 'ASC', id: 'ASC' } });
    return ports.map((port) => ({ ...port, terminal_ids: rows.filter((row) => row.port_id === port.id).map((row) => row.id) }));
  }

  async findTerminal(id: string): Promise<Terminal | null> {
    if (!isUuid(id)) return null;
    const row = await this.dataSource.getRepository(TerminalEntity).findOneBy({ id });
    return row ? toTerminal(row) : null;
  }

  async findTerminalsByIds(ids: readonly string[]): Promise<Terminal[]> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    return (await this.dataSource.getRepository(TerminalEntity).findBy({ id: In(valid) })).map(toTerminal);
  }
}
