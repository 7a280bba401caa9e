import type { DatabaseConnection, ProvisionedAccount } from '@quayside/data-access';
import { createContainer, createShipment, createTransportEvent } from '@quayside/testing';

const DAY = 86_400_000;

export interface McpFixture {
  shipmentId: string;
  /** Last free day tomorrow, not picked up. */
  lfdSoonId: string;
  /** A customs hold, no last free day yet. */
  heldId: string;
  heldNumber: string;
  /** Last free day in 20 days. */
  relaxedId: string;
  /** Last free day passed but already picked up: no longer at risk. */
  pickedUpId: string;
}

/**
 * One shipment with four containers covering the at-risk rule (docs/mcp.md), dated around now
 * (or around a fixed instant, for the browser tests' pictures).
 */
export async function seedMcpFixture(db: DatabaseConnection, account: ProvisionedAccount, now = Date.now()): Promise<McpFixture> {
  const shipment = await createShipment(db, account.account.id, {
    bill_of_lading_number: 'MCPBL0001',
    port_of_lading_locode: 'CNSHA',
    port_of_discharge_locode: 'USLAX',
    pod_vessel_name: 'QUAYSIDE PIONEER',
    pod_voyage_number: '012E',
    pod_eta_at: new Date(now - 2 * DAY),
  });
  // All four were discharged at the port yesterday: they wait there, where the journey judges risk.
  const base = { shipment_id: shipment.id, pod_discharged_at: new Date(now - DAY), pod_full_out_at: null, holds_at_pod_terminal: [] };
  const lfdSoon = await createContainer(db, account.account.id, {
    ...base,
    pickup_lfd_line: new Date(now + DAY),
    available_for_pickup: true,
  });
  const held = await createContainer(db, account.account.id, {
    ...base,

    pickup_lfd_line: null,
    pickup_lfd_terminal: null,
    holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: 'CBP exam' }],
  });
  const relaxed = await createContainer(db, account.account.id, { ...base, pickup_lfd_line: new Date(now + 20 * DAY) });
  const pickedUp = await createContainer(db, account.account.id, {
    ...base,
    pickup_lfd_line: new Date(now - DAY),
    pod_full_out_at: new Date(now - 2 * DAY),
  });
  await createTransportEvent(db, lfdSoon, {
    event: 'container.transport.vessel_departed',
    location_locode: 'CNSHA',
    timestamp: new Date(now - 20 * DAY),
  });
  await createTransportEvent(db, lfdSoon, {
    event: 'container.transport.vessel_discharged',
    location_locode: 'USLAX',
    timestamp: new Date(now - DAY),
  });
  return {
    shipmentId: shipment.id,
    lfdSoonId: lfdSoon.id,
    heldId: held.id,
    heldNumber: held.number,
    relaxedId: relaxed.id,
    pickedUpId: pickedUp.id,
  };
}
