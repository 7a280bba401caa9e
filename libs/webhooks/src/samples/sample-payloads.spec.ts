import { EVENT_NAMES } from '@quayside/domain';
import type { EventName } from '@quayside/domain';
import { SAMPLE_IDS } from './sample-records';
import { sampleNotificationPayload } from './sample-payloads';

const typesOf = (event: EventName) => sampleNotificationPayload(event).included.map((r) => r.type);

describe('sample notification payloads', () => {
  it.each(EVENT_NAMES.map((e) => [e]))(
    '%s: the reference object leads `included` and every relationship of the notification resolves',
    (event) => {
      const payload = sampleNotificationPayload(event);
      expect(payload.data).toMatchObject({
        id: SAMPLE_IDS.notification,
        type: 'webhook_notification',
        attributes: { id: SAMPLE_IDS.notification, event, delivery_status: 'pending' },
      });
      const reference = payload.data.relationships?.['reference_object']?.data;
      expect(payload.included[0]).toMatchObject(reference as object);
      const keys = payload.included.map((r) => `${r.type}/${r.id}`);
      expect(new Set(keys).size).toBe(keys.length);
    },
  );

  it.each<[EventName, string[]]>([
    ['tracking_request.succeeded', ['tracking_request', 'shipment', 'container', 'port', 'port', 'terminal']],
    ['tracking_request.failed', ['tracking_request']],
    ['container.transport.vessel_arrived', ['transport_event', 'shipment', 'container', 'port', 'terminal']],
    ['container.pickup_lfd.changed', ['transport_event', 'shipment', 'container', 'port', 'terminal']],
    ['shipment.estimated.arrival', ['estimated_event', 'shipment', 'port']],
    ['container.transport.estimated.vessel_arrived', ['estimated_event', 'shipment', 'port']],
    ['container.updated', ['container_updated_event', 'container', 'terminal']],
  ])('%s includes %j', (event, types) => {
    expect(typesOf(event)).toEqual(types);
  });

  it('carries the container.updated changeset as [old, new] pairs and the event of a transport event', () => {
    const updated = sampleNotificationPayload('container.updated').included[0]!;
    expect(updated.attributes['changeset']).toEqual({
      available_for_pickup: [false, true],
      holds_at_pod_terminal: [[{ name: 'customs', status: 'hold', description: 'CUST EXAM' }], []],
    });
    expect(updated.relationships).toEqual({
      container: { data: { id: SAMPLE_IDS.container, type: 'container' } },
      terminal: { data: { id: SAMPLE_IDS.terminal, type: 'terminal' } },
    });
    const milestone = sampleNotificationPayload('container.transport.full_out').included[0]!;
    expect(milestone.attributes).toMatchObject({
      event: 'container.transport.full_out',
      timestamp: '2026-08-14T09:12:00.000Z',
      timezone: 'America/Los_Angeles',
      value: null,
    });
    const lfd = sampleNotificationPayload('container.pickup_lfd.changed').included[0]!;
    expect(lfd.attributes).toMatchObject({ event: 'container.pickup_lfd.changed', value: '2026-08-20T07:00:00.000Z' });
  });

  it("carries the container's journey as the api answers it, judged as of the notification's creation", () => {
    const journeyAt = (createdAt: string) =>
      sampleNotificationPayload('container.transport.available', { createdAt: new Date(createdAt) }).included.find(
        (r) => r.type === 'container',
      )!.attributes['journey'];
    // At the port, available, no hold; the line's last free day is 2026-08-20 in Los Angeles.
    expect(journeyAt('2026-08-14T09:30:05Z')).toMatchObject({
      phase: 'at_port',
      waiting_at: 'port_of_discharge',
      ready_for_pickup: true,
      pickup_status: 'ready',
      last_free_day_source: 'line',
      days_left: 6,
      at_risk: false,
    });
    expect(journeyAt('2026-08-19T18:00:00Z')).toMatchObject({ days_left: 1, at_risk: true, risk_reasons: ['last_free_day_soon'] });
  });

  it('uses the given notification and webhook ids', () => {
    const payload = sampleNotificationPayload('tracking_request.succeeded', {
      notificationId: 'n-1',
      webhookId: 'w-1',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    expect(payload.data).toEqual({
      id: 'n-1',
      type: 'webhook_notification',
      attributes: { id: 'n-1', event: 'tracking_request.succeeded', delivery_status: 'pending', created_at: '2026-01-01T00:00:00.000Z' },
      relationships: {
        webhook: { data: { id: 'w-1', type: 'webhook' } },
        reference_object: { data: { id: SAMPLE_IDS.trackingRequest, type: 'tracking_request' } },
      },
    });
  });
});
