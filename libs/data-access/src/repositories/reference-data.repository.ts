import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { PortEntity } from '../entities/port.entity';
import { RailCarrierEntity } from '../entities/rail-carrier.entity';
import { ShippingLineEntity } from '../entities/shipping-line.entity';
import { TerminalEntity } from '../entities/terminal.entity';

/** Read-only access to the seeded reference tables (shipping lines, rail carriers, ports, terminals). */
@Injectable()
export class ReferenceDataRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The line whose SCAC or one of whose alternative SCACs is `scac` (case-insensitive). */
  async findShippingLineByScac(scac: string): Promise<ShippingLineEntity | null> {
    const code = scac.trim().toUpperCase();
    return this.dataSource
      .getRepository(ShippingLineEntity)
      .createQueryBuilder('line')
      .where('line.scac = :code OR :code = ANY(line.alternative_scacs)', { code })
      .orderBy('line.scac = :code', 'DESC')
      .getOne();
  }

  async listShippingLines(): Promise<ShippingLineEntity[]> {
    return this.dataSource.getRepository(ShippingLineEntity).find({ order: { name: 'ASC' } });
  }

  async findRailCarrierByScac(scac: string): Promise<RailCarrierEntity | null> {
    return this.dataSource.getRepository(RailCarrierEntity).findOneBy({ scac: scac.trim().toUpperCase() });
  }

  async findPortByCode(code: string): Promise<PortEntity | null> {
    return this.dataSource.getRepository(PortEntity).findOneBy({ code: code.trim().toUpperCase() });
  }

  /** Ports by UN/LOCODE, in one query (codes compared as `findPortByCode` does). */
  async findPortsByCodes(codes: readonly string[]): Promise<PortEntity[]> {
    if (codes.length === 0) return [];
    return this.dataSource.getRepository(PortEntity).findBy({ code: In([...new Set(codes.map((code) => code.trim().toUpperCase()))]) });
  }

  async findPortsByIds(ids: readonly string[]): Promise<PortEntity[]> {
    if (ids.length === 0) return [];
    return this.dataSource.getRepository(PortEntity).findBy({ id: In([...ids]) });
  }

  async findTerminalByFirmsCode(firmsCode: string): Promise<TerminalEntity | null> {
    return this.dataSource.getRepository(TerminalEntity).findOneBy({ firms_code: firmsCode.trim().toUpperCase() });
  }

  async findTerminalById(id: string): Promise<TerminalEntity | null> {
    return this.dataSource.getRepository(TerminalEntity).findOneBy({ id });
  }

  async findTerminalsByIds(ids: readonly string[]): Promise<TerminalEntity[]> {
    if (ids.length === 0) return [];
    return this.dataSource.getRepository(TerminalEntity).findBy({ id: In([...ids]) });
  }
}
