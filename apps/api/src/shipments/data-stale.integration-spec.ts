import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CarrierShipmentEntity } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { createContainer, createShipment } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';

const HOUR = 3_600_000;

/**
 * `data_stale` (a Quayside extension) where users read shipments and containers: true while the
 * shipment is followed and its carrier data is past the `fresh_until` the tracker-worker gave it by
 * the refresh cadence (docs/carriers.md, "Source health").
 */
describe('shipments and containers whose data is older than the cadence allows', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let physicalId: string;
  let shipmentId: string;
  let containerId: string;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    owner = await ctx.account();
    const physical = await ctx.db.dataSource.getRepository(CarrierShipmentEntity).save({
      shipping_line_scac: 'MAEU',
      normalized_number: 'MAEU240118551',
      query_type: 'bill_of_lading',
      query_number: 'MAEU240118551',
      tracking_since: new Date(Date.now() - 48 * HOUR),
      next_refresh_at: new Date(Date.now() + HOUR),
      carrier_fetched_at: new Date(Date.now() - 10 * HOUR),
      fresh_until: new Date(Date.now() - 6 * HOUR),
    });
    physicalId = physical.id;
    shipmentId = (await createShipment(ctx.db.dataSource, owner.account.id, { carrier_shipment_id: physicalId })).id;
    containerId = (await createContainer(ctx.db.dataSource, owner.account.id, { shipment_id: shipmentId })).id;
  });

  afterAll(async () => {
    await ctx.close();
  });

  const stale = async (): Promise<Array<unknown>> => {
    const read = async (url: string): Promise<unknown> => {
      const response = await call(app, 'GET', url, { key: owner.key });
      expect(response.status).toBe(200);
      const data = response.json!['data'] as { attributes: Record<string, unknown> } | Array<{ attributes: Record<string, unknown> }>;
      return (Array.isArray(data) ? data[0] : data)?.attributes['data_stale'];
    };
    return [
      await read(`/v2/shipments/${shipmentId}`),
      await read('/v2/shipments'),
      await read(`/v2/containers/${containerId}`),
      await read('/v2/containers'),
    ];
  };
  const setPhysical = (fields: Partial<CarrierShipmentEntity>) =>
    ctx.db.dataSource.getRepository(CarrierShipmentEntity).update({ id: physicalId }, fields);

  it.each([
    ['followed, past fresh_until: stale', { next_refresh_at: new Date(Date.now() + HOUR), fresh_until: new Date(Date.now() - HOUR) }, true],
    [
      'followed, within fresh_until: fresh',
      { next_refresh_at: new Date(Date.now() + HOUR), fresh_until: new Date(Date.now() + HOUR) },
      false,
    ],
    [
      'no longer followed by anyone: nothing to refresh, not stale',
      { next_refresh_at: null, fresh_until: new Date(Date.now() - HOUR) },
      false,
    ],
    ['never answered yet (no fresh_until): not marked', { next_refresh_at: new Date(Date.now() + HOUR), fresh_until: null }, false],
  ] as const)('%s', async (_case, fields, expected) => {
    await setPhysical(fields);
    expect(await stale()).toEqual([expected, expected, expected, expected]);
  });
});
