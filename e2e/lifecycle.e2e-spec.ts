import { createHmac } from 'node:crypto';
import { AccountRepository } from '@quayside/data-access';
import { ACCOUNT_FEATURES, EVENT_NAMES, MILESTONE_EVENT_NAMES } from '@quayside/domain';
import { createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import type { AppProcess } from './support/app-process';
import { includedOf, readDelivery } from './support/notification-document';
import type { NotificationDocument, ReadDelivery, Resource } from './support/notification-document';
import { deleteRedisKeys } from './support/redis-prefix-cleanup';
import { SANDBOX_COMPRESSION, startSandboxApps } from './support/sandbox-apps';
import { WebhookSink } from './support/webhook-sink';
import { JsonApiClient } from '@quayside/json-api';

/**
 * The service as a client meets it: api, tracker-worker and webhook-dispatcher as three
 * processes against the real PostgreSQL (a database of its own) and Redis (a prefix of its
 * own), driven only through the public HTTP API, delivering to a real receiver. The sandbox
 * clock plays a scenario day in 2 s, so TEST-TR-FULL-LIFECYCLE's 27 days take 54 s, and the
 * tracker refreshes every ~0.4 s: every scenario step lands in a refresh of its own.
 */
const DAY_MS = 86_400_000 / SANDBOX_COMPRESSION;
const SCAC = 'TEST';
const FULL = 'TEST-TR-FULL-LIFECYCLE';
const MULTI = 'TEST-TR-MULTI-CONTAINER';
const FAILED = 'TEST-TR-FAILED';
const T = 'container.transport.';
const EXPORT = [`${T}empty_out`, `${T}full_in`, `${T}vessel_loaded`, `${T}vessel_departed`];

/**
 * Every notification each subject must get, in the order of the scenario. Notifications of one
 * refresh are one inner list: they are created together and delivered concurrently, so only
 * the order between refreshes is observable to a receiver (steps closer than a scenario day
 * apart, e.g. day 3 and 3.5, are one inner list too).
 */
const EXPECTED: Record<string, string[][]> = {
  [`tracking_request ${FULL}`]: [['tracking_request.succeeded'], ['tracking_request.tracking_stopped']],
  [`shipment ${FULL}`]: [['shipment.estimated.arrival'], ['shipment.estimated.arrival']],
  'container QSDU2020550': [
    // Day 0 and 0.5: on a busy machine the first attempt may land after day 0.5 (one second).
    ['container.created', `${T}empty_out`],
    [`${T}full_in`], // 1.5
    [`${T}vessel_loaded`, `${T}vessel_departed`, `${T}estimated.vessel_arrived`], // 3, 3.5 (arrival estimated day 17)
    [`${T}estimated.vessel_arrived`], // 10 (estimate moves to day 18)
    [`${T}vessel_arrived`, `${T}vessel_berthed`], // 18, 18.25
    [`${T}vessel_discharged`, 'container.updated', 'container.pickup_lfd.changed', 'container.pickup_lfd_line.changed'], // 19: customs hold, line LFD
    ['container.updated', 'container.pickup_lfd_terminal.changed', `${T}available`], // 20: hold cleared, terminal LFD
    ['container.updated', 'container.pickup_appointment.changed'], // 21
    [`${T}full_out`], // 22
    [`${T}delivered`], // 23
    [`${T}empty_in`], // 27
  ],
  [`tracking_request ${MULTI}`]: [['tracking_request.succeeded']],
  ...Object.fromEntries(
    ['QSDU2006850', 'QSDU2008220', 'QSDU2009593'].map((number) => [
      `container ${number}`,
      [['container.created', ...EXPORT], [`${T}vessel_arrived`], [`${T}vessel_discharged`]],
    ]),
  ),
  [`tracking_request ${FAILED}`]: [['tracking_request.failed']],
};

interface JsonApiOne {
  data: Resource;
  included?: Resource[];
}
interface JsonApiMany {
  data: Resource[];
  included?: Resource[];
}

const hmac = (secret: string, data: string): Buffer => createHmac('sha256', Buffer.from(secret, 'utf8')).update(data, 'utf8').digest();
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks every half second until `done` holds; fails after `timeoutMs` naming `what`. */
async function until(what: string, timeoutMs: number, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(500);
  }
}

/** Whom a notification is about: `container <number>`, `shipment <bill>` or `tracking_request <number>`. */
function subjectOf(document: NotificationDocument, containerNumbers: ReadonlyMap<string, string>): string {
  const event = document.data.attributes.event;
  if (event.startsWith('tracking_request.'))
    return `tracking_request ${String(includedOf(document, 'tracking_request')[0]?.attributes['request_number'])}`;
  if (event.startsWith('shipment.')) return `shipment ${String(includedOf(document, 'shipment')[0]?.attributes['bill_of_lading_number'])}`;
  const container = includedOf(document, 'container')[0];
  if (container) return `container ${String(container.attributes['number'])}`;
  const reference = document.included[0];
  const link = reference?.relationships?.['container']?.data;
  const id = link && !Array.isArray(link) ? link.id : '';
  return `container ${containerNumbers.get(id) ?? `(unknown ${id})`}`;
}

/** Received notifications in creation order, cut into the sizes of the expected refreshes, each sorted. */
function asRefreshes(events: Array<{ event: string; createdAt: string }>, expected: string[][]): string[][] {
  const ordered = [...events].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((e) => e.event);
  const groups = expected.map((group) => ordered.splice(0, group.length).sort());
  return ordered.length > 0 ? [...groups, ordered.sort()] : groups;
}

describe('a sandbox lifecycle end to end: three processes, the public API only, a real webhook receiver', () => {
  let db: TestDatabase;
  const prefix = testRedisPrefix();
  const sink = new WebhookSink();
  const processes: AppProcess[] = [];
  let api: JsonApiClient;
  let receiverUrl: string;
  let webhook: { id: string; secret: string };
  const requests = new Map<string, { id: string; created_at: string }>();
  const statusesSeen: string[] = [];
  let trackedObjectWhenSucceeded: unknown;
  let deliveries: ReadDelivery[] = [];
  const at = (day: number): string => new Date(Date.parse(requests.get(FULL)?.created_at ?? '') + day * DAY_MS).toISOString();

  beforeAll(async () => {
    db = await createTestDatabase();
    const { key } = await new AccountRepository(db.dataSource).createWithFirstKey(
      { company_name: 'E2E Freight', plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] },
      'e2e key',
    );
    receiverUrl = await sink.listen();
    const port = await startSandboxApps(processes, { DATABASE_URL: db.url, REDIS_PREFIX: prefix });
    api = new JsonApiClient(`http://127.0.0.1:${port}/v2`, key);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop('SIGTERM')));
    await sink.close();
    await db?.drop();
    await deleteRedisKeys(prefix);
  }, 30_000);

  it('registers the receiver for every event, tracks three numbers, and follows the whole lifecycle to its stop', async () => {
    const created = await api.expect<JsonApiOne>(201, 'POST', '/webhooks', {
      data: { type: 'webhook', attributes: { url: receiverUrl, active: true, events: EVENT_NAMES } },
    });
    webhook = { id: created.data.id, secret: String(created.data.attributes['secret']) };
    expect(webhook.secret).toMatch(/^[0-9a-f]{64}$/);

    for (const number of [FULL, MULTI, FAILED]) {
      const body = await api.expect<JsonApiOne>(201, 'POST', '/tracking_requests', {
        data: { type: 'tracking_request', attributes: { request_number: number, request_type: 'bill_of_lading', scac: SCAC } },
      });
      expect(body.data.attributes).toMatchObject({ request_number: number, status: 'pending' });
      requests.set(number, { id: body.data.id, created_at: String(body.data.attributes['created_at']) });
    }

    // Polling as a client without webhooks would, within the rate limit (one call a second).
    const deadline = Date.now() + 75_000;
    for (;;) {
      const { data } = await api.expect<JsonApiOne>(200, 'GET', `/tracking_requests/${requests.get(FULL)?.id}`);
      const status = String(data.attributes['status']);
      if (statusesSeen.at(-1) !== status) statusesSeen.push(status);
      if (status === 'succeeded' && trackedObjectWhenSucceeded === undefined)
        trackedObjectWhenSucceeded = data.relationships?.['tracked_object']?.data;
      if (status === 'tracking_stopped') break;
      if (Date.now() > deadline) throw new Error(`${FULL} still ${status} after 75 s (statuses seen: ${statusesSeen.join(' → ')})`);
      await sleep(1_000);
    }
    expect(statusesSeen).toEqual(['pending', 'succeeded', 'tracking_stopped'].slice(statusesSeen[0] === 'pending' ? 0 : 1));
    expect(trackedObjectWhenSucceeded).toEqual({ type: 'shipment', id: expect.any(String) as unknown });

    const total = Object.values(EXPECTED).flat(2).length;
    await sink.waitFor((all) => new Set(all.map((d) => d.headers['webhook-id'])).size >= total, 10_000, `${total} distinct notifications`);
    // Anything unexpected arriving late is caught too. The scenarios ended (TEST-TR-MULTI-CONTAINER
    // on day 8, TEST-TR-FULL-LIFECYCLE stopped on day 27); the receiver has heard all there is to
    // hear once the tracker refreshed TEST-TR-MULTI-CONTAINER again after that stop (a refresh
    // commits its events with their fan-out rows) and no fan-out or delivery row is left open
    // (a delivery row is completed after the receiver's answer).
    const stoppedSeenAt = new Date().toISOString();
    const multi = (await api.expect<JsonApiMany>(200, 'GET', '/shipments')).data.find(
      (s) => s.attributes['bill_of_lading_number'] === MULTI,
    );
    await until(`${MULTI} refreshed after ${FULL} stopped`, 60_000, async () => {
      const { data } = await api.expect<JsonApiOne>(200, 'GET', `/shipments/${multi!.id}`);
      const attempted = data.attributes['line_tracking_last_attempted_at'];
      return typeof attempted === 'string' && attempted > stoppedSeenAt;
    });
    await until('every fan-out and delivery done', 60_000, async () => {
      const [open] = await db.dataSource.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM outbox WHERE queue IN ('webhook-fanout', 'webhook-delivery') AND completed_at IS NULL`,
      );
      return open!.n === 0;
    });
    deliveries = sink.deliveries.map(readDelivery);
  }, 220_000);

  it('the API shows the final state: request stopped after success, shipment and container with every milestone, no holds left', async () => {
    const request = await api.expect<JsonApiOne>(200, 'GET', `/tracking_requests/${requests.get(FULL)?.id}`);
    expect(request.data.attributes).toMatchObject({ status: 'tracking_stopped', failed_reason: null, request_number: FULL, scac: SCAC });
    expect(request.data.relationships?.['tracked_object']?.data).toEqual(trackedObjectWhenSucceeded);
    const shipmentId = (trackedObjectWhenSucceeded as { id: string }).id;

    const failed = await api.expect<JsonApiOne>(200, 'GET', `/tracking_requests/${requests.get(FAILED)?.id}`);
    expect(failed.data.attributes).toMatchObject({ status: 'failed', failed_reason: 'not_found' });
    expect(failed.data.relationships?.['tracked_object']?.data).toBeNull();

    const shipments = await api.expect<JsonApiMany>(200, 'GET', '/shipments?include=containers');
    expect(shipments.data.map((s) => s.attributes['bill_of_lading_number']).sort()).toEqual([FULL, MULTI]);
    const shipment = shipments.data.find((s) => s.id === shipmentId);
    expect(shipment?.attributes).toMatchObject({
      bill_of_lading_number: FULL,
      shipping_line_scac: SCAC,
      port_of_lading_locode: 'CNSHA',
      port_of_discharge_locode: 'USLAX',
      pod_vessel_name: 'QUAYSIDE MERIDIAN',
      pod_vessel_imo: '9513579',
      pod_original_eta_at: at(17),
      pod_eta_at: at(18),
      pod_ata_at: at(18),
      pol_atd_at: at(3.5),
      pod_timezone: 'America/Los_Angeles',
      line_tracking_stopped_reason: 'all_containers_terminated',
    });
    expect(Date.parse(String(shipment?.attributes['line_tracking_stopped_at']))).toBeGreaterThanOrEqual(Date.parse(at(27)));

    const containerLinks = shipment?.relationships?.['containers']?.data;
    const containerId = Array.isArray(containerLinks) ? containerLinks[0]?.id : undefined;
    const container = await api.expect<JsonApiOne>(200, 'GET', `/containers/${containerId}`);
    expect(container.data.attributes).toMatchObject({
      number: 'QSDU2020550',
      equipment_type: 'dry',
      equipment_length: 40,
      equipment_height: 'high_cube',
      seal_number: 'QS100013',
      holds_at_pod_terminal: [],
      fees_at_pod_terminal: [],
      pickup_lfd: at(26),
      import_deadlines: { pickup_lfd_line: at(26), pickup_lfd_terminal: at(24), pickup_lfd_rail: null },
      pickup_appointment_at: at(22),
      available_for_pickup: true,
      pod_arrived_at: at(18),
      pod_discharged_at: at(19),
      pod_full_out_at: at(22),
      empty_terminated_at: at(27),
      empty_terminated_timezone: 'America/Los_Angeles',
      location_at_pod_terminal: null,
      current_status: 'empty_returned',
    });

    // Milestones at their scenario instants; the value changes (last free days, appointment,
    // availability) are transport events too, stamped when they were observed.
    const transportEvents = (await api.expect<JsonApiMany>(200, 'GET', `/containers/${containerId}/transport_events`)).data.map((e) => ({
      event: String(e.attributes['event']),
      timestamp: String(e.attributes['timestamp']),
      locode: e.attributes['location_locode'],
    }));
    const isMilestone = (event: string): boolean => (MILESTONE_EVENT_NAMES as readonly string[]).includes(event);
    const milestones = transportEvents.filter((e) => isMilestone(e.event)).sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    expect(milestones.map((e) => [e.event, e.timestamp, e.locode])).toEqual([
      [`${T}empty_out`, at(0.5), 'CNSHA'],
      [`${T}full_in`, at(1.5), 'CNSHA'],
      [`${T}vessel_loaded`, at(3), 'CNSHA'],
      [`${T}vessel_departed`, at(3.5), 'CNSHA'],
      [`${T}vessel_arrived`, at(18), 'USLAX'],
      [`${T}vessel_berthed`, at(18.25), 'USLAX'],
      [`${T}vessel_discharged`, at(19), 'USLAX'],
      [`${T}full_out`, at(22), 'USLAX'],
      [`${T}delivered`, at(23), 'USLAX'],
      [`${T}empty_in`, at(27), 'USLAX'],
    ]);
    expect(
      transportEvents
        .filter((e) => !isMilestone(e.event))
        .map((e) => e.event)
        .sort(),
    ).toEqual([
      'container.pickup_appointment.changed',
      'container.pickup_lfd.changed',
      'container.pickup_lfd_line.changed',
      'container.pickup_lfd_terminal.changed',
      `${T}available`,
    ]);
  });

  it('every delivery carries both signatures, verified here from the documented algorithm with the webhook secret', () => {
    expect(deliveries.length).toBeGreaterThan(0);
    for (const { headers, raw, document, receivedAt } of deliveries) {
      expect(headers['content-type']).toMatch(/^application\/json/);
      expect(headers['user-agent']).toBe('Quayside-Webhooks/1');
      expect(headers['x-t49-webhook-signature']).toBe(hmac(webhook.secret, raw).toString('hex'));
      const id = headers['webhook-id'] ?? '';
      const timestamp = headers['webhook-timestamp'] ?? '';
      expect(id).toBe(document.data.id);
      // Signed at the attempt: after the notification was made, before it arrived (no bound on how long either took).
      expect(Number(timestamp)).toBeGreaterThanOrEqual(Math.floor(Date.parse(document.data.attributes.created_at) / 1000));
      expect(Number(timestamp)).toBeLessThanOrEqual(Math.floor(receivedAt / 1000));
      expect(headers['webhook-signature']?.split(' ')).toContain(
        `v1,${hmac(webhook.secret, `${id}.${timestamp}.${raw}`).toString('base64')}`,
      );
    }
  });

  it('notification ids are unique per notification and a retry repeats the same body; payloads have the documented shape', () => {
    const bodies = new Map<string, string>();
    for (const { document, raw } of deliveries) {
      expect(bodies.get(document.data.id) ?? raw).toBe(raw);
      bodies.set(document.data.id, raw);
    }
    const unique = [...bodies.values()].map((raw) => JSON.parse(raw) as NotificationDocument);
    expect(unique).toHaveLength(Object.values(EXPECTED).flat(2).length);
    for (const document of unique) {
      expect(document.data).toMatchObject({
        type: 'webhook_notification',
        attributes: {
          id: document.data.id,
          event: expect.any(String) as unknown,
          delivery_status: 'pending',
          created_at: expect.any(String) as unknown,
        },
        relationships: { webhook: { data: { id: webhook.id, type: 'webhook' } } },
      });
      const reference = document.data.relationships.reference_object.data;
      expect(document.included[0]).toMatchObject({ id: reference.id, type: reference.type });
      const event = document.data.attributes.event;
      if (event.startsWith('tracking_request.')) expect(reference.type).toBe('tracking_request');
      if (event === 'container.updated') expect(reference.type).toBe('container_updated_event');
      if (event === 'container.created') expect(reference.type).toBe('container');
      if (event.startsWith('container.') && event !== 'container.created' && !event.includes('estimated')) {
        expect(includedOf(document, 'container')).toHaveLength(1);
      }
    }
    const succeeded = unique.find(
      (d) => d.data.attributes.event === 'tracking_request.succeeded' && d.included[0]?.attributes['request_number'] === FULL,
    );
    expect(succeeded?.included[0]?.attributes).toMatchObject({ status: 'succeeded', request_number: FULL });
    expect(includedOf(succeeded!, 'shipment').map((s) => s.attributes['bill_of_lading_number'])).toEqual([FULL]);
    expect(includedOf(succeeded!, 'container').map((c) => c.attributes['number'])).toEqual(['QSDU2020550']);
  });

  it('each container, shipment and request got exactly the notifications of its scenario, refresh after refresh', async () => {
    const shipments = await api.expect<JsonApiMany>(200, 'GET', '/shipments?include=containers');
    const containerNumbers = new Map(
      (shipments.included ?? []).filter((r) => r.type === 'container').map((c) => [c.id, String(c.attributes['number'])]),
    );
    const unique = new Map(deliveries.map((d) => [d.document.data.id, d.document]));
    const bySubject = new Map<string, Array<{ event: string; createdAt: string }>>();
    for (const document of unique.values()) {
      const subject = subjectOf(document, containerNumbers);
      bySubject.set(subject, [
        ...(bySubject.get(subject) ?? []),
        { event: document.data.attributes.event, createdAt: document.data.attributes.created_at },
      ]);
    }
    expect([...bySubject.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [subject, expected] of Object.entries(EXPECTED)) {
      expect({ subject, refreshes: asRefreshes(bySubject.get(subject) ?? [], expected) }).toEqual({
        subject,
        refreshes: expected.map((group) => [...group].sort()),
      });
    }

    const changesets = [...unique.values()]
      .filter((d) => d.data.attributes.event === 'container.updated' && subjectOf(d, containerNumbers) === 'container QSDU2020550')
      .sort((a, b) => a.data.attributes.created_at.localeCompare(b.data.attributes.created_at))
      .map((d) => d.included[0]?.attributes['changeset']);
    expect(changesets).toEqual([
      expect.objectContaining({
        available_for_pickup: [null, false],
        holds_at_pod_terminal: [[], [expect.objectContaining({ name: 'customs', status: 'hold' })]],
      }),
      expect.objectContaining({
        available_for_pickup: [false, true],
        holds_at_pod_terminal: [[expect.objectContaining({ name: 'customs' })], []],
      }),
      expect.objectContaining({ pickup_appointment_at: [null, at(22)] }),
    ]);
  });
});
