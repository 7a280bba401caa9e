/**
 * `npm run demo:documents`: uploads a generated bill of lading to a running Quayside (npm start)
 * with `create_tracking_requests`, waits for the tracker-worker to read it, prints what was
 * extracted, follows the tracking request it made until the sandbox line answers, then re-links
 * the document and prints the shipment and containers it is now linked to, then the console URL
 * with the key to sign in with.
 */
import { parseArgs } from 'node:util';
import { JsonApiClient } from '@quayside/json-api';
import { assertServiceUp, consoleLines, createDemoKey, keyLines } from './demo-account';
import { DEMO_BOOKING, sampleBillOfLading } from './sample-bill-of-lading';

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(record) : []);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function poll<T>(what: string, timeoutSeconds: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${timeoutSeconds} s`);
    await sleep(500);
  }
}

function describeField(name: string, field: Json): string {
  const raw = field['value'];
  const value = typeof raw === 'string' ? raw : JSON.stringify(raw);
  const kind = typeof field['kind'] === 'string' ? ` (${field['kind']})` : '';
  return `    ${name}${kind}: ${value}  [confidence ${String(field['confidence'])}, page ${String(field['page'])} line ${String(field['line'])}]`;
}

function printExtraction(document: Json, included: Json[]): void {
  const attributes = record(document['attributes']);
  console.log(`  type ${String(attributes['document_type'])}: ${String(attributes['classification_notes'])}`);
  if (attributes['extraction_status'] === 'failed') console.log(`  extraction failed: ${String(attributes['extraction_error'])}`);
  const representation = included.find((resource) => resource['type'] === 'document_representation');
  const representationAttributes = record(representation?.['attributes']);
  console.log(`  fields (schema ${String(representationAttributes['schema_version'])}):`);
  for (const [name, value] of Object.entries(record(representationAttributes['payload']))) {
    if (Array.isArray(value)) for (const field of list(value)) console.log(describeField(name, field));
    else console.log(describeField(name, record(value)));
  }
}

function links(document: Json): { shipments: string[]; containers: string[] } {
  const relationships = record(document['relationships']);
  const ids = (name: string): string[] => list(record(relationships[name])['data']).map((entry) => String(entry['id']));
  return { shipments: ids('shipments'), containers: ids('cargos') };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'base-url': { type: 'string' }, 'api-key': { type: 'string' }, timeout: { type: 'string' } } });
  const baseUrl = values['base-url'] ?? process.env['QUAYSIDE_BASE_URL'] ?? 'http://127.0.0.1:3000';
  const timeout = Number(values.timeout ?? 180);
  await assertServiceUp(baseUrl);
  const given = values['api-key'] ?? process.env['QUAYSIDE_API_KEY'];
  const ownKey = given === undefined || given === '' ? createDemoKey() : null;
  const apiKey = ownKey?.key ?? given ?? '';
  const client = new JsonApiClient(baseUrl, apiKey, { rateLimitedRetries: 5 });
  console.log(`Quayside document demo against ${client.apiBase}`);
  for (const line of keyLines(ownKey)) console.log(line);

  const form = new FormData();
  form.append('name', 'Demo bill of lading');
  form.append('create_tracking_requests', 'true');
  form.append('file', new Blob([await sampleBillOfLading(new Date())], { type: 'application/pdf' }), 'demo-bill-of-lading.pdf');
  const uploaded = await fetch(`${client.apiBase}/documents`, {
    method: 'POST',
    headers: { authorization: `Token ${apiKey}` },
    body: form,
  });
  const uploadBody = record(await uploaded.json());
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${JSON.stringify(uploadBody)}`);
  const id = String(record(uploadBody['data'])['id']);
  console.log(`Uploaded demo-bill-of-lading.pdf as document ${id}; the tracker-worker reads it in the background…`);

  const readDocument = async (): Promise<{ document: Json; included: Json[] } | null> => {
    const body = record(await client.expect<unknown>(200, 'GET', `/documents/${id}?include=current_extraction`));
    const document = record(body['data']);
    return record(document['attributes'])['extraction_status'] === 'pending' ? null : { document, included: list(body['included']) };
  };
  const started = Date.now();
  const first = await poll('the extraction', timeout, readDocument);
  console.log(`Extracted in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  printExtraction(first.document, first.included);

  const requests = list(
    record(await client.expect<unknown>(200, 'GET', `/tracking_requests?filter[request_number]=${DEMO_BOOKING}`))['data'],
  );
  if (requests.length === 0) {
    console.log(`No tracking request was made (was ${DEMO_BOOKING} already tracked by this account?).`);
    return;
  }
  const requestId = String(requests[0]!['id']);
  console.log(`Tracking request ${requestId} for booking ${DEMO_BOOKING} was made from the document; waiting for the sandbox line…`);
  const request = await poll('the tracking request', timeout, async () => {
    const data = record(record(await client.expect<unknown>(200, 'GET', `/tracking_requests/${requestId}`))['data']);
    return ['pending', 'awaiting_manifest'].includes(String(record(data['attributes'])['status'])) ? null : data;
  });
  console.log(`  status ${String(record(request['attributes'])['status'])}`);

  await client.expect<unknown>(202, 'POST', `/documents/${id}/relink`);
  const relinked = await poll('the re-link', timeout, readDocument);
  const linked = links(relinked.document);
  console.log(`Re-linked: ${linked.shipments.length} shipment(s), ${linked.containers.length} container(s)`);
  for (const containerId of linked.containers) {
    const container = record(record(await client.expect<unknown>(200, 'GET', `/containers/${containerId}`))['data']);
    console.log(`  container ${String(record(container['attributes'])['number'])}`);
  }
  console.log(`See it:  curl -H "Authorization: Token ${apiKey}" "${client.apiBase}/documents/${id}?include=current_extraction"`);
  for (const line of consoleLines(client.apiBase, ownKey)) console.log(line);
}

main().catch((error: unknown) => {
  console.error(`demo:documents: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
