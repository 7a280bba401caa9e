import { ContainerEntity, transportEventDedupeKey, TransportEventEntity } from '@quayside/data-access';
import type { RowWriter } from '@quayside/data-access';
import { coalescePickupLfd, containerCheckDigit } from '@quayside/domain';
import { IsNull } from 'typeorm';
import { createShipment } from './shipment.factory';

let sequence = 0;

export type ContainerOverrides = Partial<Omit<ContainerEntity, 'id' | 'account_id' | 'created_at' | 'updated_at'>>;

/** `TSTU` + six digits + the ISO 6346 check digit, so number validation accepts it. */
function validContainerNumber(n: number): string {
  const firstTen = `TSTU${String(n % 1_000_000).padStart(6, '0')}`;
  return `${firstTen}${containerCheckDigit(firstTen) ?? 0}`;
}

function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

/**
 * Inserts a container of `accountId` (on a new shipment of that account unless `shipment_id` is
 * given; pass `shipment_id: null` for none). `pickup_lfd` is stored coalesced from the three
 * sources the way the tracker writes it, unless overridden.
 */
export async function createContainer(db: RowWriter, accountId: string, overrides: ContainerOverrides = {}): Promise<ContainerEntity> {
  sequence += 1;
  const shipmentId = overrides.shipment_id !== undefined ? overrides.shipment_id : (await createShipment(db, accountId)).id;
  const repository = db.getRepository(ContainerEntity);
  const deadlines = {
    pickup_lfd_line: iso(overrides.pickup_lfd_line),
    pickup_lfd_terminal: iso(overrides.pickup_lfd_terminal),
    pickup_lfd_rail: iso(overrides.pickup_lfd_rail),
  };
  const coalesced = coalescePickupLfd(deadlines);
  const container = repository.create({
    account_id: accountId,
    number: validContainerNumber(sequence),
    ref_numbers: [],
    holds_at_pod_terminal: [],
    fees_at_pod_terminal: [],
    pickup_lfd: coalesced === null ? null : new Date(coalesced),
    ...overrides,
    shipment_id: shipmentId,
  });
  return repository.save(container);
}

export type TransportEventOverrides = Partial<
  Omit<TransportEventEntity, 'id' | 'account_id' | 'container_id' | 'dedupe_key' | 'created_at'>
>;

/**
 * Inserts a normalized milestone of `container` (a vessel discharge at Los Angeles unless
 * overridden). A second one of the same event and place is its next leg (another vessel call).
 */
export async function createTransportEvent(
  db: RowWriter,
  container: Pick<ContainerEntity, 'id' | 'account_id' | 'shipment_id'>,
  overrides: TransportEventOverrides = {},
): Promise<TransportEventEntity> {
  const repository = db.getRepository(TransportEventEntity);
  const fields = {
    shipment_id: container.shipment_id,
    event: 'container.transport.vessel_discharged' as const,
    timestamp: new Date('2026-08-10T14:30:00.000Z'),
    timezone: 'America/Los_Angeles',
    location_locode: 'USLAX',
    location_id: null,
    terminal_id: null,
    vessel_name: null,
    vessel_imo: null,
    voyage_number: null,
    data_source: 'shipping_line' as const,
    ...overrides,
  };
  const leg =
    fields.leg ??
    (await repository.countBy({
      container_id: container.id,
      event: fields.event,
      location_locode: fields.location_locode ?? IsNull(),
      invalidated_at: IsNull(),
    }));
  return repository.save(
    repository.create({
      ...fields,
      leg,
      account_id: container.account_id,
      container_id: container.id,
      dedupe_key: transportEventDedupeKey({ ...fields, leg }),
    }),
  );
}
