import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountRepository } from '@quayside/data-access';
import { ACCOUNT_FEATURES, EVENT_NAMES } from '@quayside/domain';
import { billOfLadingPdf, createTestDatabase, emailWithAttachments, OpenApiResponseValidator, testRedisPrefix } from '@quayside/testing';
import type { OpenApiFinding, TestDatabase } from '@quayside/testing';
import { freePort, ROOT } from './support/app-process';
import type { AppProcess } from './support/app-process';
import { allows, readAllowances } from './support/compatibility-allowances';
import type { Allowance, DocumentName } from './support/compatibility-allowances';
import { linkagesIn, RecordingClient, resourcesIn } from './support/recording-client';
import type { JsonApiResource, RecordedAnswer } from './support/recording-client';
import { deleteRedisKeys } from './support/redis-prefix-cleanup';
import { SANDBOX_COMPRESSION, startSandboxApps } from './support/sandbox-apps';
import { WebhookSink } from './support/webhook-sink';

/**
 * Issue 44, "answers that match the reference schema": the service as its clients meet it —
 * api, tracker-worker and webhook-dispatcher as processes, the sandbox carriers playing their
 * scenarios — driven through every operation of the established API's published description
 * (the requests its TypeScript SDK and `t49` CLI send, then a GET of every resource the answers
 * name), and every 2xx answer checked by ajv in strict mode against that description and
 * against the api's own `/docs/openapi.json`. A departure fails the run unless
 * docs/compatibility.md lists it, with the reason; a listed departure that no longer happens
 * fails it too, so the list and the service cannot drift apart.
 */
const DAY_MS = 86_400_000 / SANDBOX_COMPRESSION;
const SCAC = 'TEST';
const FULL = 'TEST-TR-FULL-LIFECYCLE';
const SCENARIOS = [
  FULL,
  'TEST-TR-MULTI-CONTAINER',
  'TEST-TR-RAIL',
  'TEST-TR-TRANSSHIPMENT',
  'TEST-TR-HOLDS',
  'TEST-TR-FEES',
  'TEST-TR-LFD-CHANGES',
  'TEST-TR-POD-TERMINAL-CHANGE',
  'TEST-TR-AWAITING-MANIFEST',
  'TEST-TR-FAILED',
];
/**
 * The established API's published description (Terminal49 API Reference 0.2.0), a byte copy kept
 * in the repository (tools/reference/README.md) so that the run does not depend on where the
 * clone sits.
 */
const REFERENCE_FILE = path.join(ROOT, 'tools/reference/terminal49-openapi.json');

/** Reference operations answered by a route of another parameter name (docs/json-api.md, "Compatibility"). */
const SERVED_AS: Record<string, string> = { 'GET /vessels/{imo}': 'GET /vessels/{id}' };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const idOf = (document: Record<string, unknown>): string => (document['data'] as JsonApiResource).id;
const many = (document: Record<string, unknown>): JsonApiResource[] => document['data'] as JsonApiResource[];

/** Asks every half second, as a polling client does (each answer is judged too), until `done` holds. */
async function poll<T>(ask: () => Promise<T>, done: (answer: T) => boolean, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (done(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`still not after ${timeoutMs} ms: ${what}`);
    await sleep(500);
  }
}

/** Sends one message to the api's inbound SMTP listener, as a mail server relaying a forwarded mail would. */
async function sendMail(port: number, to: string, message: Buffer): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  const reply = async (): Promise<string> => {
    for (;;) {
      const lines = received.split('\r\n');
      const last = lines.findIndex((line) => /^\d{3} /.test(line));
      if (last !== -1) {
        received = lines.slice(last + 1).join('\r\n');
        return lines[last]!;
      }
      await new Promise((resolve) => socket.once('data', resolve));
    }
  };
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const expectCode = async (code: string, command?: string | Buffer): Promise<void> => {
    if (command !== undefined) socket.write(command);
    const line = await reply();
    if (!line.startsWith(code)) throw new Error(`SMTP: expected ${code}, got ${line}`);
  };
  try {
    await expectCode('220');
    await expectCode('250', 'EHLO relay.example\r\n');
    await expectCode('250', 'MAIL FROM:<ops@forwarder.example>\r\n');
    await expectCode('250', `RCPT TO:<${to}>\r\n`);
    await expectCode('354', 'DATA\r\n');
    await expectCode('250', Buffer.concat([message, Buffer.from('\r\n.\r\n')]));
    socket.write('QUIT\r\n');
  } finally {
    socket.end();
  }
}

describe('every answer of an end-to-end run matches the reference OpenAPI description and ours (ajv, strict)', () => {
  let db: TestDatabase;
  const prefix = testRedisPrefix();
  const sink = new WebhookSink();
  const processes: AppProcess[] = [];
  let storageDir: string;
  let smtpPort: number;
  let client: RecordingClient;
  let reference: OpenApiResponseValidator;
  let ours: OpenApiResponseValidator;
  const allowances = readAllowances();
  /** Findings of each document not yet matched to the list, and the allowances that matched one. */
  const unlisted: Record<DocumentName, Map<string, string>> = { reference: new Map(), quayside: new Map() };
  const used = new Set<Allowance>();
  const validatedByReference = new Set<string>();
  const validatedByOurs = new Set<string>();
  let validatedAnswers = 0;
  let findingsSeen = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    const { key } = await new AccountRepository(db.dataSource).createWithFirstKey(
      { company_name: 'Conformance Freight', plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] },
      'conformance key',
    );
    storageDir = await mkdtemp(path.join(tmpdir(), 'quayside-conformance-'));
    smtpPort = await freePort();
    const port = await startSandboxApps(
      processes,
      { DATABASE_URL: db.url, REDIS_PREFIX: prefix, STORAGE_LOCAL_DIR: storageDir },
      {
        STORAGE_SIGNING_SECRET: 'conformance-secret',
        SMTP_ENABLED: 'true',
        SMTP_PORT: String(smtpPort),
        // Hundreds of requests in a minute: one client's whole run, not a load.
        RATE_LIMIT_DEFAULT: '100000',
        RATE_LIMIT_CREATE_TRACKING_REQUEST: '100000',
        RATE_LIMIT_INFER_NUMBER: '100000',
        RATE_LIMIT_REFRESH: '100000',
      },
    );
    client = new RecordingClient(`http://127.0.0.1:${port}`, key);
    reference = new OpenApiResponseValidator(JSON.parse(await readFile(REFERENCE_FILE, 'utf8')), 'reference');
    const served = await fetch(`http://127.0.0.1:${port}/docs/openapi.json`);
    ours = new OpenApiResponseValidator(await served.json(), 'quayside');
  }, 300_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop('SIGTERM')));
    await sink.close();
    await db?.drop();
    await deleteRedisKeys(prefix);
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  }, 30_000);

  /** Every answer of the run, judged once by each document. */
  function judge(answers: readonly RecordedAnswer[]): void {
    for (const answer of answers) {
      if (answer.status < 200 || answer.status > 299) continue;
      validatedAnswers += 1;
      for (const [name, validator, validated] of [
        ['reference', reference, validatedByReference],
        ['quayside', ours, validatedByOurs],
      ] as const) {
        const { operation, findings } = validator.validate({ ...answer, contentType: answer.contentType });
        if (operation !== null) validated.add(operation);
        if (operation === null && name === 'reference') continue; // Quayside's own operations: judged by our document only
        for (const finding of findings) record(name, finding, answer);
      }
    }
  }

  function record(document: DocumentName, finding: OpenApiFinding, answer?: RecordedAnswer): void {
    findingsSeen += 1;
    const allowance = allowances.find((candidate) => allows(candidate, document, finding));
    if (allowance) used.add(allowance);
    else {
      // One line per departure (operation, rule, member), with the first answer that showed it.
      const key = `${finding.operation} | ${finding.rule} | ${finding.where}`;
      if (!unlisted[document].has(key))
        unlisted[document].set(key, `${finding.message.slice(0, 700)}${answer ? ` (${answer.method} ${answer.path})` : ''}`);
    }
  }

  it('drives every operation: the reference clients’ requests while the sandbox plays, then a GET of every resource named', async () => {
    // Webhooks first, so the notifications of the whole lifecycle are there to read.
    const receiver = await sink.listen();
    const webhook = await client.call('POST', '/v2/webhooks', {
      data: { type: 'webhook', attributes: { url: receiver, active: true, events: [...EVENT_NAMES] } },
    });
    const webhookId = idOf(webhook);
    const spare = await client.call('POST', '/v2/webhooks', {
      data: { type: 'webhook', attributes: { url: `${receiver}/spare`, active: false, events: ['tracking_request.failed'] } },
    });

    const started = Date.now();
    const requests = new Map<string, string>();
    for (const number of SCENARIOS) {
      const created = await client.call('POST', '/v2/tracking_requests', {
        data: {
          type: 'tracking_request',
          attributes: { request_number: number, request_type: 'bill_of_lading', scac: SCAC, ref_numbers: ['PO-44'] },
        },
      });
      requests.set(number, idOf(created));
    }
    // Numbers of the sandbox line and of no known line: a line this server does not serve is refused (422).
    for (const number of ['TESTBK0001', FULL, '123456789012']) {
      await client.call('POST', '/v2/tracking_requests/infer_number', { number });
    }

    // The reference clients' reference data and tools.
    const lines = many(await client.get('/v2/shipping_lines'));
    await client.get(`/v2/shipping_lines/${lines.find((line) => line.attributes['scac'] === 'MSCU')?.id ?? lines[0]!.id}`);
    await client.get('/v2/webhooks/events');
    await client.get('/v2/webhooks/ips');
    await client.get('/v2/webhooks?page[number]=1&page[size]=1');
    await client.get(`/v2/webhooks/${webhookId}`);
    await client.call('PATCH', `/v2/webhooks/${idOf(spare)}`, { data: { type: 'webhook', attributes: { active: true } } });
    await client.call('POST', '/v2/webhooks/trigger', { event: 'tracking_request.succeeded', webhook_id: webhookId });
    await client.call('DELETE', `/v2/webhooks/${idOf(spare)}`);
    await client.get('/v2/webhook_notifications/examples');
    for (const event of EVENT_NAMES) await client.get(`/v2/webhook_notifications/examples?event=${event}`);
    await client.get('/v2/account');

    // Sweeps while the scenarios play (holds, fees, last free days, vessels at sea) and once they ended.
    await sleep(Math.max(0, 8.5 * DAY_MS - (Date.now() - started)));
    await sweep();
    await poll(
      () => client.get(`/v2/tracking_requests/${requests.get(FULL)}`),
      (answer) => (answer['data'] as JsonApiResource).attributes['status'] === 'tracking_stopped',
      `${FULL} to end its lifecycle`,
      120_000,
    );
    await sweep();
    await writes(requests, webhookId);
    await documents();
    // Everything the writes created, read back.
    await sweep();

    async function sweep(): Promise<void> {
      // The lists as the SDK and the CLI read them (their default includes), and page by page.
      const shipments = await client.get(
        '/v2/shipments?include=containers,pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal&page[number]=1&page[size]=30',
      );
      await client.get('/v2/containers?include=shipment,pod_terminal&page[number]=1&page[size]=30');
      await client.get('/v2/tracking_requests?include=tracked_object');
      await client.get(`/v2/shipments?number=${FULL}`);
      await client.get('/v2/shipments?filter[tracking_stopped]=false');
      for (const list of [
        '/v2/shipments',
        '/v2/containers',
        '/v2/tracking_requests',
        '/v2/webhook_notifications?include=reference_object,webhook',
      ]) {
        let next: string | undefined = `${list}${list.includes('?') ? '&' : '?'}page[size]=2`;
        const first = await client.get<{ links: Record<string, string> }>(next);
        for (const link of ['last', 'prev', 'first'] as const) if (first.links[link]) await client.get(first.links[link]);
        for (let page = 0; next && page < 3; page += 1) next = (await client.get<{ links: Record<string, string> }>(next)).links['next'];
      }
      for (const shipment of many(shipments)) {
        await client.get(
          `/v2/shipments/${shipment.id}?include=containers,pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal`,
        );
        await client.get(`/v2/shipments/${shipment.id}`);
      }
      for (const request of requests.values()) await client.get(`/v2/tracking_requests/${request}?include=tracked_object`);
      for (const container of many(await client.get('/v2/containers?page[size]=100'))) {
        await client.get(`/v2/containers/${container.id}?include=shipment,pod_terminal,pickup_facility`);
        await client.get(`/v2/containers/${container.id}`);
        await client.get(`/v2/containers/${container.id}/transport_events?include=location,terminal`);
        await client.get(`/v2/containers/${container.id}/raw_events`);
        await client.get(`/v2/containers/${container.id}/map_geojson`);
        await client.get(`/v2/containers/${container.id}/route?include=port,vessel,route_location`);
        await client.get(`/v2/containers/${container.id}/custom_fields`);
      }
      // One notification of each event that happened, read with its reference object.
      const notifications: JsonApiResource[] = [];
      for (let next: string | undefined = '/v2/webhook_notifications?page[size]=100'; next;) {
        const page: { data: JsonApiResource[]; links: Record<string, string> } = await client.get(next);
        notifications.push(...page.data);
        next = page.links['next'];
      }
      const firstOfEach = new Map(notifications.map((notification) => [notification.attributes['event'], notification] as const).reverse());
      for (const notification of firstOfEach.values())
        await client.get(`/v2/webhook_notifications/${notification.id}?include=reference_object`);
      await client.get(`/v2/webhook_notifications?filter[webhook_id]=${webhookId}&filter[event]=container.transport.vessel_departed`);
      await referenced();
    }

    /** A GET of every port, terminal, vessel, metro area and party that an answer named. */
    async function referenced(): Promise<void> {
      const seen = new Set<string>();
      // The examples are sample records, not this account's.
      const resources = resourcesIn(client.answers.filter((answer) => !answer.path.startsWith('/v2/webhook_notifications/examples')));
      for (const { type, id } of [...resources, ...linkagesIn(resources)]) {
        if (seen.has(`${type} ${id}`)) continue;
        seen.add(`${type} ${id}`);
        if (type === 'port') await client.get(`/v2/ports/${id}?include=terminals`);
        if (type === 'terminal') await client.get(`/v2/terminals/${id}`);
        if (type === 'metro_area') await client.get(`/v2/metro_areas/${id}`);
        if (type === 'party') await client.get(`/v2/parties/${id}`);
        if (type === 'vessel') {
          const vessel = await client.get(`/v2/vessels/${id}`);
          const imo = (vessel['data'] as JsonApiResource).attributes['imo'];
          if (typeof imo === 'string') await client.get(`/v2/vessels/${imo}?show_positions[from_timestamp]=2026-01-01T00:00:00Z`);
        }
      }
      // A vessel of a transport event, on its way from the shipment's port of lading to its port of discharge.
      const link = (resource: JsonApiResource, name: string): string | undefined =>
        (resource.relationships?.[name]?.data as { id?: string } | null | undefined)?.id;
      const event = resources.find(
        (resource) => resource.type === 'transport_event' && link(resource, 'vessel') && link(resource, 'shipment'),
      );
      const shipment = event && resources.find((resource) => resource.type === 'shipment' && resource.id === link(event, 'shipment'));
      const [vessel, from, to] = [
        event && link(event, 'vessel'),
        shipment && link(shipment, 'port_of_lading'),
        shipment && link(shipment, 'port_of_discharge'),
      ];
      if (vessel && from && to && !seen.has(`future ${vessel}`)) {
        seen.add(`future ${vessel}`);
        await client.get(`/v2/vessels/${vessel}/future_positions?port_id=${to}&previous_port_id=${from}`);
        await client.get(
          `/v2/vessels/${vessel}/future_positions_with_coordinates?port_id=${to}&previous_port_id=${from}&latitude=20.5&longitude=-140.25`,
        );
      }
    }

    async function writes(requestIds: ReadonlyMap<string, string>, hookId: string): Promise<void> {
      const shipmentId = (await client.get<{ data: JsonApiResource }>(`/v2/tracking_requests/${requestIds.get(FULL)}`)).data
        .relationships?.['tracked_object']?.data as { id: string };
      await client.call('PATCH', `/v2/tracking_requests/${requestIds.get(FULL)}`, {
        data: { type: 'tracking_request', attributes: { ref_numbers: ['PO-44', 'PO-45'], tags: ['conformance'] } },
      });
      const containers = many(await client.get(`/v2/containers?page[size]=100`));
      const container = containers[0]!;
      await client.call('PATCH', `/v2/shipments/${shipmentId.id}`, {
        data: { type: 'shipment', attributes: { ref_numbers: ['PO-44'], tags: ['conformance'] } },
      });
      await client.call('PATCH', `/v2/shipments/${shipmentId.id}/stop_tracking`);
      await client.call('PATCH', `/v2/shipments/${shipmentId.id}/resume_tracking`);
      await client.call('PATCH', `/v2/containers/${container.id}`, {
        data: { type: 'container', attributes: { ref_numbers: ['REF-44'] } },
      });
      await client.call('PATCH', '/v2/containers', {
        data: { id: container.id, type: 'container', attributes: { ref_numbers: ['REF-45'] } },
      });
      const live = containers.find((candidate) => candidate.attributes['current_status'] !== 'empty_returned') ?? container;
      await client.call('PATCH', `/v2/containers/${live.id}/refresh`);

      const party = await client.call('POST', '/v2/parties', {
        data: { type: 'party', attributes: { company_name: 'Harbor Drayage LLC' } },
      });
      await client.call('PATCH', `/v2/parties/${idOf(party)}`, {
        data: { type: 'party', attributes: { company_name: 'Harbor Drayage & Logistics LLC' } },
      });
      await client.get('/v2/parties?page[number]=1&page[size]=30');
      await client.get(`/v2/parties/${idOf(party)}`);
      const role = {
        data: {
          type: 'party_role',
          attributes: { role: 'customs_broker' },
          relationships: { party: { data: { id: idOf(party), type: 'party' } } },
        },
      };
      const shipmentRole = await client.call('POST', `/v2/shipments/${shipmentId.id}/party_roles`, role);
      await client.get(`/v2/shipments/${shipmentId.id}/party_roles`);
      await client.call('DELETE', `/v2/shipments/${shipmentId.id}/party_roles/${idOf(shipmentRole)}`);
      const containerRole = await client.call('POST', `/v2/containers/${container.id}/party_roles`, {
        ...role,
        data: { ...role.data, attributes: { role: 'pickup_dray_carrier' } },
      });
      await client.get(`/v2/containers/${container.id}/party_roles`);
      await client.call('DELETE', `/v2/containers/${container.id}/party_roles/${idOf(containerRole)}`);

      // Custom fields, as the SDK and the CLI set them.
      const define = async (attributes: Record<string, unknown>): Promise<string> =>
        idOf(await client.call('POST', '/v2/custom_field_definitions', { data: { type: 'custom_field_definition', attributes } }));
      const reference = await define({
        entity_type: 'Shipment',
        api_slug: 'customer_ref',
        display_name: 'Customer ref',
        data_type: 'short_text',
      });
      const priority = await define({ entity_type: 'Container', api_slug: 'priority', display_name: 'Priority', data_type: 'enum' });
      await define({ entity_type: 'TrackingRequest', api_slug: 'po_number', display_name: 'PO', data_type: 'short_text' });
      const spare = await define({
        entity_type: 'Shipment',
        api_slug: 'spare',
        display_name: 'Spare',
        data_type: 'number',
        default_value: 1,
      });
      await client.get('/v2/custom_field_definitions?page[number]=1&page[size]=30');
      await client.get(`/v2/custom_field_definitions/${reference}`);
      await client.call('PATCH', `/v2/custom_field_definitions/${reference}`, {
        data: { type: 'custom_field_definition', attributes: { display_name: 'Customer reference' } },
      });
      const option = async (value: string): Promise<string> =>
        idOf(
          await client.call('POST', `/v2/custom_field_definitions/${priority}/options`, {
            data: { type: 'custom_field_option', attributes: { label: value.toUpperCase(), value } },
          }),
        );
      const high = await option('high');
      const low = await option('low');
      await client.get(`/v2/custom_field_definitions/${priority}/options`);
      await client.get(`/v2/custom_field_definitions/${priority}/options/${high}`);
      await client.call('PATCH', `/v2/custom_field_definitions/${priority}/options/${high}`, {
        data: { type: 'custom_field_option', attributes: { label: 'High', position: 1 } },
      });
      await client.call('DELETE', `/v2/custom_field_definitions/${priority}/options/${low}`);
      const value = (attributes: Record<string, unknown>): unknown => ({ data: { type: 'custom_field', attributes } });
      const shipmentFields = `/v2/shipments/${shipmentId.id}/custom_fields`;
      await client.call('POST', shipmentFields, value({ api_slug: 'customer_ref', value: 'ABC124' }));
      await client.get(shipmentFields);
      await client.call('PATCH', `${shipmentFields}/customer_ref`, value({ value: 'ABC125' }));
      const containerFields = `/v2/containers/${container.id}/custom_fields`;
      await client.call('POST', containerFields, value({ api_slug: 'priority', value: 'high' }));
      await client.call('PATCH', `${containerFields}/priority`, value({ value: 'high' }));
      await client.get(containerFields);
      const requestFields = `/v2/tracking_requests/${requestIds.get(FULL)}/custom_fields`;
      await client.call('POST', requestFields, value({ api_slug: 'po_number', value: 'PO-1' }));
      await client.call('PATCH', `${requestFields}/po_number`, value({ value: 'PO-2' }));
      await client.get(requestFields);
      const fields = await client.get('/v2/custom_fields?include=definition&page[size]=30');
      const field = many(fields)[0]!;
      await client.get(`/v2/custom_fields/${field.id}`);
      await client.call('PATCH', `/v2/custom_fields/${field.id}`, value({ value: 'ABC126' }));
      const generic = await client.call('POST', '/v2/custom_fields', {
        data: {
          type: 'custom_field',
          attributes: { api_slug: 'spare', value: 2 },
          relationships: { entity: { data: { type: 'shipment', id: shipmentId.id } } },
        },
      });
      await client.call('DELETE', `/v2/custom_fields/${idOf(generic)}`);
      await client.call('DELETE', `${shipmentFields}/customer_ref`);
      await client.call('DELETE', `${containerFields}/priority`);
      await client.call('DELETE', `${requestFields}/po_number`);
      await client.call('DELETE', `/v2/custom_field_definitions/${spare}`);

      // The notifications of the lifecycle, once delivered; redelivery is Quayside's own.
      const notification = many(await client.get(`/v2/webhook_notifications?filter[webhook_id]=${hookId}&page[size]=1`))[0]!;
      await client.call('POST', `/v2/webhook_notifications/${notification.id}/redeliver`);
      await client.call('POST', '/v2/webhook_notifications/redeliver', {
        data: { type: 'webhook_notification_redelivery', attributes: { since: new Date(started).toISOString(), webhook_id: hookId } },
      });
      await client.call('PATCH', `/v2/webhooks/${hookId}`, { data: { type: 'webhook', attributes: { active: false } } });
      await client.get(`/v2/search?query=${FULL}`);
      await client.get('/v2/search?query=QSDU2020550');
    }

    async function documents(): Promise<void> {
      const boundary = 'quayside-conformance';
      const pdf = await billOfLadingPdf();
      const form = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBill of lading\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bl.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const uploaded = await client.call('POST', '/v2/documents', undefined, {
        bytes: form,
        contentType: `multipart/form-data; boundary=${boundary}`,
      });
      const id = idOf(uploaded);
      await poll(
        () => client.get<{ data: JsonApiResource }>(`/v2/documents/${id}`),
        (answer) =>
          !['pending', 'processing'].includes(String(answer.data.attributes['extraction_status'] ?? answer.data.attributes['status'])),
        'the document to be read',
        60_000,
      );
      const read = await client.get<{ data: JsonApiResource; included?: JsonApiResource[] }>(
        `/v2/documents/${id}?include=email_submission,last_document_representation`,
      );
      await client.get('/v2/documents?page[number]=1&page[size]=30&include=last_document_representation');
      await client.get('/v2/documents/types');
      await client.get(`/v2/documents/${id}/download_url`);
      await client.call('PATCH', `/v2/documents/${id}`, { data: { type: 'document', attributes: { name: 'BL, renamed' } } });
      await client.call('POST', `/v2/documents/${id}/reextract`);
      await client.call('POST', `/v2/documents/${id}/reclassify`);
      await client.call('POST', `/v2/documents/${id}/relink`);
      await client.call('POST', `/v2/documents/${id}/rotate`, { degrees: 90 });
      const schema = JSON.stringify(read).match(/"(bill_of_lading@[^"]+)"/)?.[1] ?? 'bill_of_lading@2026-11-01';
      await client.get(`/v2/document_schemas/${encodeURIComponent(schema)}`);

      const account = await client.get<{ data: JsonApiResource }>('/v2/account');
      const inbound = String(account.data.attributes['inbound_email_address']);
      await sendMail(
        smtpPort,
        inbound,
        emailWithAttachments('BL', 'See attached.', [{ fileName: 'bl.pdf', contentType: 'application/pdf', bytes: pdf }]),
      );
      const submissions = await poll(
        () => client.get('/v2/email_submissions'),
        (answer) => many(answer).length > 0,
        'the email submission',
        30_000,
      );
      await client.get(`/v2/email_submissions/${many(submissions)[0]!.id}`);
      await client.call('DELETE', `/v2/documents/${id}`);
    }
  }, 400_000);

  it('answers every operation of the reference description that Quayside serves with a 2xx, judged by both documents', () => {
    judge(client.answers);
    const referenceOperations = reference.operations();
    const notValidated = referenceOperations.filter((operation) => !validatedByReference.has(operation));
    // A reference operation served by a route of another parameter name is judged under the reference's first name for it.
    expect(notValidated.filter((operation) => !(operation in SERVED_AS))).toEqual([]);
    expect(validatedByReference.size).toBeGreaterThanOrEqual(referenceOperations.length - Object.keys(SERVED_AS).length);
    expect(validatedAnswers).toBeGreaterThan(300);
    process.stdout.write(
      `openapi conformance: ${validatedAnswers} answers, ${validatedByReference.size}/${referenceOperations.length} reference operations, ${validatedByOurs.size} of ours, ${findingsSeen} findings, ${used.size}/${allowances.length} listed differences seen\n`,
    );
  });

  it('every schema of our document compiles in ajv strict mode; the reference’s refusals are listed', () => {
    for (const finding of ours.compileAll()) record('quayside', finding);
    for (const finding of reference.compileAll()) record('reference', finding);
    expect([...unlisted.quayside].filter(([key]) => key.includes('| compile |'))).toEqual([]);
  });

  it('against the reference, every departure is a difference listed in docs/compatibility.md', () => {
    expect(Object.fromEntries(unlisted.reference)).toEqual({});
  });

  it('against our own document, every departure is listed (none should be)', () => {
    expect(Object.fromEntries(unlisted.quayside)).toEqual({});
  });

  it('every difference listed in docs/compatibility.md still happens in the run', () => {
    expect(
      allowances
        .filter((allowance) => !used.has(allowance))
        .map((a) => `docs/compatibility.md:${a.line} ${a.document} ${a.operation} ${a.rule} ${a.where}`),
    ).toEqual([]);
  });
});
