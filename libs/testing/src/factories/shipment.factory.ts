import { ShipmentEntity } from '@quayside/data-access';
import type { RowWriter } from '@quayside/data-access';

let sequence = 0;

export type ShipmentOverrides = Partial<Omit<ShipmentEntity, 'id' | 'account_id' | 'tracking_stopped' | 'created_at' | 'updated_at'>>;

/**
 * Inserts a shipment of `accountId` as the tracker would have stored it after a successful
 * tracking request (a Maersk bill of lading unless overridden; no reference ids set).
 */
export async function createShipment(db: RowWriter, accountId: string, overrides: ShipmentOverrides = {}): Promise<ShipmentEntity> {
  sequence += 1;
  const number = `TEST${String(100000 + sequence)}`;
  const repository = db.getRepository(ShipmentEntity);
  const shipment = repository.create({
    account_id: accountId,
    bill_of_lading_number: `MAEU${number}`,
    normalized_number: number,
    carrier_reference: null,
    ref_numbers: [],
    tags: [],
    shipping_line_scac: 'MAEU',
    shipping_line_name: 'Maersk',
    shipping_line_short_name: 'Maersk',
    ...overrides,
  });
  return repository.save(shipment);
}
