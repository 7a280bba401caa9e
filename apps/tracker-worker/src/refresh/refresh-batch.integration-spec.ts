import { CarrierShipmentEntity } from '@quayside/data-access';
import { TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { RefreshCarrierShipmentsUseCase } from './refresh-carrier-shipments.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');
const at = (day: number): Date => dayOf(T0, day);

/**
 * Routine refreshes that fall due together are fetched together and applied in one
 * transaction; one shipment that cannot be written does not hold the others back.
 */
describe('a batch of routine refreshes', () => {
  let harness: TrackerTestHarness;
  const followed: Array<{ account: string; physical: string }> = [];

  beforeAll(async () => {
    harness = await TrackerTestHarness.create([TrackRequestUseCase, RefreshCarrierShipmentsUseCase]);
    for (const number of ['TEST-TR-SUCCEEDED', 'TEST-TR-HOLDS', 'TEST-TR-FEES']) {
      const account = await harness.account();
      const { id, outboxId } = await harness.trackingRequest(account, number, T0);
      await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, T0);
      const shipment = await harness.shipment((await harness.request(id)).tracked_object_id ?? '');
      followed.push({ account, physical: shipment.carrier_shipment_id ?? '' });
    }
  });

  afterAll(async () => {
    await harness.db.dataSource.query(`DROP TRIGGER IF EXISTS refuse_one ON shipments`);
    await harness.close();
  });

  const batch = (day: number) =>
    harness.module
      .get(RefreshCarrierShipmentsUseCase)
      .execute({ carrierShipmentIds: followed.map((f) => f.physical), outboxId: null }, at(day));
  const arrived = async (account: string): Promise<boolean> =>
    (await harness.eventNames(account)).some((n) => n.startsWith('container.transport.vessel_arrived'));

  it('refreshes every shipment of the batch in one go', async () => {
    expect(await batch(10)).toEqual({ status: 'done', leased: 3, coalesced: 0, outcomes: ['refreshed', 'refreshed', 'refreshed'] });
    for (const f of followed) expect(await arrived(f.account)).toBe(true);
    const cursors = await harness.db.dataSource.getRepository(CarrierShipmentEntity).findBy(followed.map((f) => ({ id: f.physical })));
    expect(cursors.map((c) => c.carrier_fetched_at)).toEqual([at(10), at(10), at(10)]);
    expect(cursors.every((c) => c.lease_until === null)).toBe(true);
  });

  it('writes the others one by one when one of them cannot be written, and hands its lease back', async () => {
    const [poisoned, ...healthy] = followed;
    await harness.db.dataSource.query(
      `CREATE OR REPLACE FUNCTION refuse_one() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
         IF NEW.carrier_shipment_id = '${poisoned!.physical}' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$`,
    );
    await harness.db.dataSource.query(`CREATE TRIGGER refuse_one BEFORE UPDATE ON shipments FOR EACH ROW EXECUTE FUNCTION refuse_one()`);
    const run = await batch(12);
    expect(run).toMatchObject({ status: 'done', leased: 3, outcomes: ['refreshed', 'refreshed'] });
    const cursors = await harness.db.dataSource.getRepository(CarrierShipmentEntity).findBy(followed.map((f) => ({ id: f.physical })));
    const byId = new Map(cursors.map((c) => [c.id, c]));
    expect(byId.get(poisoned!.physical)).toMatchObject({ carrier_fetched_at: at(10), lease_until: null });
    for (const f of healthy) expect(byId.get(f.physical)).toMatchObject({ carrier_fetched_at: at(12), lease_until: null });
  });

  it('refreshes a record stored without the carrier reference (before physical shipments), with no open request to borrow it from', async () => {
    await harness.db.dataSource.query(`DROP TRIGGER IF EXISTS refuse_one ON shipments`);
    const [legacy] = followed;
    await harness.db.dataSource.query(`UPDATE shipments SET carrier_reference = NULL WHERE carrier_shipment_id = $1`, [legacy!.physical]);
    const run = await batch(14);
    expect(run).toMatchObject({ status: 'done', leased: 3, outcomes: ['refreshed', 'refreshed', 'refreshed'] });
    const [cursor] = await harness.db.dataSource.getRepository(CarrierShipmentEntity).findBy({ id: legacy!.physical });
    expect(cursor).toMatchObject({ carrier_fetched_at: at(14), lease_until: null });
  });
});
