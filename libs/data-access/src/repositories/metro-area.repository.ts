import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { MetroAreaEntity } from '../entities/metro-area.entity';
import { isUuid } from './account-scope';

/** A metro area as the api serves it. */
export interface MetroArea {
  id: string;
  name: string;
  code: string;
  state_abbr: string | null;
  country_code: string;
  time_zone: string;
  latitude: number | null;
  longitude: number | null;
}

export function toMetroArea(row: MetroAreaEntity): MetroArea {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    state_abbr: row.state_abbr,
    country_code: row.country_code,
    time_zone: row.time_zone,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

const UN_LOCODE = /^[A-Za-z]{2}[A-Za-z0-9]{3}$/;

/** Metro areas (reference data, the same for every account), by id or UN/LOCODE. */
@Injectable()
export class MetroAreaRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** By id or UN/LOCODE (any case); anything else is simply not found. */
  async find(idOrCode: string): Promise<MetroArea | null> {
    const repository = this.dataSource.getRepository(MetroAreaEntity);
    if (isUuid(idOrCode)) {
      const row = await repository.findOneBy({ id: idOrCode });
      return row ? toMetroArea(row) : null;
    }
    if (!UN_LOCODE.test(idOrCode)) return null;
    const row = await repository.findOneBy({ code: idOrCode.toUpperCase() });
    return row ? toMetroArea(row) : null;
  }

  /** The metro areas among `ids`, for includes (a rail terminal's `metro_area`): one query. */
  async findManyByIds(ids: readonly string[]): Promise<MetroArea[]> {
    if (ids.length === 0) return [];
    return (await this.dataSource.getRepository(MetroAreaEntity).findBy({ id: In([...ids]) })).map(toMetroArea);
  }
}
