import { JOB } from '@quayside/queues';
import { TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');
const at = (day: number): Date => dayOf(T0, day);

/**
 * The sandbox rail carrier names the ramp at the inland destination: it is recorded once as a
 * rail terminal (by its FIRMS code, linked to the metro area and port of its UN/LOCODE) and each
 * container going there points at it, for every account that follows the journey.
 */
describe('rail facilities reported by a rail carrier', () => {
  let harness: TrackerTestHarness;

  beforeAll(async () => {
    harness = await TrackerTestHarness.create([TrackRequestUseCase, RefreshShipmentUseCase]);
  });

  afterAll(async () => {
    await harness.close();
  });

  async function follow(number: string, lastDay: number): Promise<string> {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, number, T0);
    let next: { id: string; at: Date } | undefined = { id: outboxId, at: T0 };
    while (next !== undefined) {
      await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId: next.id }, next.at);
      const row = (await harness.pendingOutbox(JOB.trackRequest))[0];
      next = row === undefined ? undefined : { id: row.id, at: row.available_at };
    }
    const shipmentId = (await harness.request(id)).tracked_object_id ?? '';
    for (let half = 1; half <= lastDay * 2; half += 1) {
      await harness.module.get(RefreshShipmentUseCase).execute({ shipmentId, outboxId: null, reason: 'manual' }, at(half / 2));
    }
    return shipmentId;
  }

  async function railTerminals(): Promise<
    { id: string; name: string; firms_code: string | null; locode: string | null; metro_code: string | null; port_code: string | null }[]
  > {
    return harness.db.dataSource.query(
      `SELECT rt.id, rt.name, rt.firms_code, rt.locode, m.code AS metro_code, p.code AS port_code
         FROM rail_terminals rt LEFT JOIN metro_areas m ON m.id = rt.metro_area_id LEFT JOIN ports p ON p.id = rt.port_id
        WHERE rt.firms_code = 'TSR1'`,
    );
  }

  it('records the sandbox ramp once and links every container going there, for each follower', async () => {
    const first = await follow('TEST-TR-RAIL', 12);
    const second = await follow('TEST-TR-RAIL', 12);
    const recorded = await railTerminals();
    expect(recorded).toHaveLength(1);
    const ports = await harness.db.dataSource.query<{ code: string }[]>(`SELECT code FROM ports WHERE code = 'USCHI'`);
    expect(recorded[0]).toMatchObject({
      name: 'Quayside Sandbox Rail Ramp',
      firms_code: 'TSR1',
      locode: 'USCHI',
      metro_code: 'USCHI',
      port_code: ports[0]?.code ?? null,
    });
    for (const shipmentId of [first, second]) {
      expect((await harness.containers(shipmentId)).map((c) => c.ind_rail_terminal_id)).toEqual([recorded[0]!.id]);
    }
  });

  it('links no rail terminal to a container that never goes by rail', async () => {
    const shipmentId = await follow('TEST-TR-SUCCEEDED', 2);
    expect((await harness.containers(shipmentId)).map((c) => c.ind_rail_terminal_id)).toEqual([null]);
  });
});
