import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { PortEntity } from '../entities/port.entity';
import { ShipmentEntity } from '../entities/shipment.entity';
import { TransportEventEntity } from '../entities/transport-event.entity';
import { VesselEntity } from '../entities/vessel.entity';
import { isUuid } from './account-scope';
import { queryRows } from './query-rows';

const IMO = /^\d{7}$/;

/** What a route is built from: the shipment, the container's current milestones and the ports they name. */
export interface RouteData {
  shipment: ShipmentEntity | null;
  events: TransportEventEntity[];
  ports: PortEntity[];
}

/**
 * Vessels (reference rows, not tenant-owned) and the tracking data routes and maps are built
 * from. A vessel is registered by IMO the first time a route names it.
 */
@Injectable()
export class VesselRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** By id (uuid) or by IMO number (seven digits); anything else is not found. */
  async find(idOrImo: string): Promise<VesselEntity | null> {
    const repository = this.dataSource.getRepository(VesselEntity);
    if (isUuid(idOrImo)) return repository.findOneBy({ id: idOrImo });
    if (IMO.test(idOrImo)) return repository.findOneBy({ imo: idOrImo });
    return null;
  }

  /** Registers the vessels not known yet (the first name seen stays) and returns all of them by IMO. */
  async register(vessels: readonly { imo: string; name: string }[]): Promise<Map<string, VesselEntity>> {
    const unique = [...new Map(vessels.filter((v) => IMO.test(v.imo)).map((v) => [v.imo, v])).values()];
    if (unique.length === 0) return new Map();
    await queryRows(
      this.dataSource,
      `INSERT INTO vessels (imo, name) SELECT r.imo, r.name FROM jsonb_to_recordset($1::jsonb) AS r(imo text, name text) ON CONFLICT (imo) DO NOTHING`,
      [JSON.stringify(unique)],
    );
    const rows = await this.dataSource.getRepository(VesselEntity).findBy({ imo: In(unique.map((v) => v.imo)) });
    return new Map(rows.map((row) => [row.imo, row]));
  }

  /** The shipment of a container, the container's current milestones oldest first, and their ports. */
  async routeData(container: { id: string; shipment_id: string | null }): Promise<RouteData> {
    const shipment = container.shipment_id
      ? await this.dataSource.getRepository(ShipmentEntity).findOneBy({ id: container.shipment_id })
      : null;
    const events = await this.dataSource
      .getRepository(TransportEventEntity)
      .createQueryBuilder('e')
      .where('e.container_id = :id AND e.invalidated_at IS NULL', { id: container.id })
      .orderBy('e.timestamp', 'ASC', 'NULLS LAST')
      .addOrderBy('e.created_at', 'ASC')
      .getMany();
    const locodes = new Set<string>();
    for (const code of [
      shipment?.port_of_lading_locode,
      shipment?.port_of_discharge_locode,
      shipment?.destination_locode,
      ...events.map((e) => e.location_locode),
    ]) {
      if (code) locodes.add(code);
    }
    const ports = locodes.size === 0 ? [] : await this.dataSource.getRepository(PortEntity).findBy({ code: In([...locodes]) });
    return { shipment, events, ports };
  }

  /**
   * The container whose latest departure on this vessel is the most recent, of any account:
   * where a vessel is bound is not account data, and positions are only computed from it.
   */
  async latestDepartedContainer(imo: string): Promise<{ id: string; shipment_id: string | null } | null> {
    const [row] = await queryRows<{ id: string; shipment_id: string | null }>(
      this.dataSource,
      `SELECT c.id, c.shipment_id FROM transport_events e JOIN containers c ON c.id = e.container_id
       WHERE e.vessel_imo = $1 AND e.invalidated_at IS NULL AND e.timestamp IS NOT NULL
         AND e.event IN ('container.transport.vessel_departed', 'container.transport.transshipment_departed', 'container.transport.feeder_departed')
       ORDER BY e.timestamp DESC LIMIT 1`,
      [imo],
    );
    return row ?? null;
  }
}
