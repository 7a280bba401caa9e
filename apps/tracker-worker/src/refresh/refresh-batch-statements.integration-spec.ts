import { CarrierShipmentEntity, CarrierShipmentRepository, ObservationRepository, recordStatementsDuring } from '@quayside/data-access';
import { TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { FAN_OUT } from '../tracking-state/carrier-shipment-refresher.service';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { RefreshCarrierShipmentsUseCase } from './refresh-carrier-shipments.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');
const NUMBERS = ['TEST-TR-SUCCEEDED', 'TEST-TR-HOLDS', 'TEST-TR-FEES'];

/** What a batch of routine refreshes costs in statements and locks, and that handing its leases back together keeps each lease's own check. */
describe('the statements of a batch of routine refreshes', () => {
  let harness: TrackerTestHarness;
  const physical: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    harness = await TrackerTestHarness.create([TrackRequestUseCase, RefreshCarrierShipmentsUseCase]);
    for (const number of NUMBERS) {
      const account = await harness.account();
      const { id, outboxId } = await harness.trackingRequest(account, number, T0);
      await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, T0);
      requests.push(id);
      physical.push((await harness.shipment((await harness.request(id)).tracked_object_id ?? '')).carrier_shipment_id ?? '');
    }
  });

  afterAll(async () => {
    await harness.close();
  });

  const batch = (ids: string[], day: number) =>
    harness.module.get(RefreshCarrierShipmentsUseCase).execute({ carrierShipmentIds: ids, outboxId: null }, dayOf(T0, day));

  it('sends as many statements for three shipments as for one: leases, reference data and writes are set-based', async () => {
    const count = async (ids: string[], day: number): Promise<{ total: number; releases: number }> => {
      const { result: run, statements } = await recordStatementsDuring(harness.connection, () => batch(ids, day));
      expect(run).toMatchObject({ status: 'done', leased: ids.length });
      return {
        total: statements.length,
        releases: statements.filter((sql) => /^UPDATE carrier_shipments cs SET lease_until = NULL/.test(sql.trim())).length,
      };
    };
    const one = await count(physical.slice(0, 1), 10);
    const three = await count(physical, 12);
    expect(three.releases).toBe(1);
    expect(three.total).toBe(one.total);
  });

  it('hands back only the leases still its own: one taken over by a later refresh stays with it', async () => {
    const shipments = harness.module.get(CarrierShipmentRepository);
    // A lease that lapses at once, then a later refresh takes the shipment over.
    const { leased } = await shipments.claimMany(physical, 0, null);
    const taken = await shipments.claim(physical[0]!, 60_000, null);
    expect(taken.kind).toBe('leased');
    const observations = harness.module.get(ObservationRepository);
    const applied = await observations.applyBatch(
      null,
      leased.map((claim) => ({
        target: {
          job: 'test',
          lease: claim.lease,
          carrierShipment: { id: claim.carrierShipment.id },
          joinOpenRequests: false,
          sources: {},
          trackingSince: claim.carrierShipment.tracking_since,
        },
        decide: () => ({ writes: [], value: null }),
      })),
      FAN_OUT,
    );
    expect(applied).not.toBe('replayed');
    const rows = await harness.db.dataSource.getRepository(CarrierShipmentEntity).findBy(physical.map((id) => ({ id })));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(physical[0]!)).toMatchObject({ lease_seq: taken.kind === 'leased' ? taken.lease.seq : 'none' });
    expect(byId.get(physical[0]!)?.lease_until).not.toBeNull();
    for (const id of physical.slice(1)) expect(byId.get(id)).toMatchObject({ lease_seq: null, lease_until: null });
  });

  it("is not held up by a client's change to a linked tracking request that has not committed yet", async () => {
    // What PATCH /tracking_requests/{id} holds while its transaction is open: the request's row lock.
    // Had the refresh locked the requests linked to its records, it would wait here until the
    // test timed out.
    const client = harness.db.dataSource.createQueryRunner();
    await client.connect();
    try {
      await client.startTransaction();
      await client.query(`UPDATE tracking_requests SET tags = ARRAY['client'] WHERE id = $1`, [requests[1]]);
      // The first shipment's lease is still held by the refresh of the case before.
      const run = await batch(physical.slice(1), 14);
      expect(run).toMatchObject({ status: 'done', leased: 2 });
      await client.commitTransaction();
    } finally {
      if (client.isTransactionActive) await client.rollbackTransaction();
      await client.release();
    }
    expect(await harness.request(requests[1]!)).toMatchObject({ tags: ['client'], status: 'succeeded' });
  });
});
