import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ContainerEntity } from '../entities/container.entity';
import { ShipmentEntity } from '../entities/shipment.entity';
import { TrackingRequestEntity } from '../entities/tracking-request.entity';

/** The tracker's reads outside its transactions (to know what a job is about before leasing). */
@Injectable()
export class TrackingRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findTrackingRequest(id: string): Promise<TrackingRequestEntity | null> {
    return this.dataSource.getRepository(TrackingRequestEntity).findOneBy({ id });
  }

  async findContainer(id: string): Promise<ContainerEntity | null> {
    return this.dataSource.getRepository(ContainerEntity).findOneBy({ id });
  }

  async findShipment(id: string): Promise<ShipmentEntity | null> {
    return this.dataSource.getRepository(ShipmentEntity).findOneBy({ id });
  }
}
