import type { ErrorObject, ValidateFunction } from 'ajv';
import { parseDcsa3Events } from './dcsa3-response.parser';
import { isRecord } from './dcsa-shape';

/** One problem of a pushed body, in the words of a DCSA `FeedbackElement`. */
export interface Dcsa3Feedback {
  message: string;
  propertyPath: string;
}

/** One version of a pushed event, ready to be stored: its id, its version and the numbers it names. */
export interface Dcsa3PushedEvent {
  eventId: string;
  /** `eventUpdatedDateTime` as sent, empty when the event has none (a bare retraction). */
  versionKey: string;
  /** Upper-case booking, transport document and equipment references, for finding the shipment. */
  refs: string[];
  body: Record<string, unknown>;
}

export type Dcsa3PushValidation = { ok: true; events: Dcsa3PushedEvent[] } | { ok: false; problems: Dcsa3Feedback[] };

const MAX_EVENTS = 1_000;

let compiled: Promise<ValidateFunction> | null = null;

/**
 * The `PostEventsRequest` schema of the DCSA 3.0 OpenAPI document, compiled once per process.
 * ajv, its formats and the schema (some 70 modules) are loaded with the first pushed body, not
 * at boot: every app loads this module, and only the api's push endpoint uses it
 * (docs/architecture.md, "Memory").
 */
function postEventsRequest(): Promise<ValidateFunction> {
  compiled ??= compile();
  return compiled;
}

async function compile(): Promise<ValidateFunction> {
  const [{ default: Ajv }, { default: addFormats }, { default: schemaFile }] = await Promise.all([
    import('ajv'),
    import('ajv-formats'),
    import('./dcsa3-schemas.json'),
  ]);
  const text = JSON.stringify(schemaFile.schemas).replaceAll('#/components/schemas/', '#/definitions/');
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  // OpenAPI's numeric formats are hints; ajv-formats does not know them.
  for (const format of ['int32', 'int64', 'float', 'double']) ajv.addFormat(format, true);
  ajv.addSchema({ $id: 'dcsa-tnt-3', definitions: JSON.parse(text) as Record<string, unknown> });
  const validate = ajv.getSchema('dcsa-tnt-3#/definitions/PostEventsRequest');
  if (!validate) throw new Error('the DCSA 3.0 schema has no PostEventsRequest');
  return validate;
}

function feedbackOf(error: ErrorObject): Dcsa3Feedback {
  const path = error.instancePath
    .replace(/^\//, '')
    .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
    .replaceAll('/', '.');
  return { message: `${path || 'body'} ${error.message ?? 'is not valid'}`, propertyPath: path || '$' };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toUpperCase() : null;
}

/** The numbers an event names: its document references (both spellings of 3.0) and its equipment. */
function refsOf(event: Record<string, unknown>): string[] {
  const refs = new Set<string>();
  const shipment = event['shipmentDetails'];
  if (isRecord(shipment)) {
    const main = shipment['documentReference'];
    if (isRecord(main)) refs.add(text(main['reference']) ?? '');
    const more = shipment['additionalDocumentReferences'];
    if (Array.isArray(more)) for (const ref of more) if (isRecord(ref)) refs.add(text(ref['reference']) ?? '');
  }
  const equipment = event['equipmentDetails'];
  if (isRecord(equipment)) refs.add(text(equipment['equipmentReference']) ?? '');
  for (const list of ['documentReferences', 'references']) {
    const value = event[list];
    if (Array.isArray(value))
      for (const ref of value) if (isRecord(ref)) refs.add(text(ref['reference']) ?? text(ref['documentReferenceValue']) ?? '');
  }
  refs.delete('');
  return [...refs].sort();
}

/**
 * Checks a body a carrier pushed to Quayside's DCSA 3.0 consumer endpoint (docs/dcsa.md, "Carriers
 * that push"): first against the 3.0 OpenAPI `PostEventsRequest` schema, then against the floor the
 * polling adapter sets (ids, required times, types, classifiers), so a pushed event is accepted
 * exactly when the same event polled would be. Every problem is named with its property path.
 */
export async function validateDcsa3Push(body: unknown, now: Date): Promise<Dcsa3PushValidation> {
  const validate = await postEventsRequest();
  if (!validate(body)) return { ok: false, problems: (validate.errors ?? []).slice(0, 20).map(feedbackOf) };
  if (!isRecord(body) || !Array.isArray(body['events']))
    return { ok: false, problems: [{ message: 'events must be a list of events', propertyPath: 'events' }] };
  const list = body['events'] as unknown[];
  if (list.length === 0) return { ok: false, problems: [{ message: 'events is empty', propertyPath: 'events' }] };
  if (list.length > MAX_EVENTS)
    return { ok: false, problems: [{ message: `at most ${MAX_EVENTS} events per request`, propertyPath: 'events' }] };
  const parsed = parseDcsa3Events(list, now);
  if (!parsed.ok) {
    const path = /^(events\[\d+\][^\s:]*)/.exec(parsed.problem)?.[1] ?? 'events';
    return { ok: false, problems: [{ message: parsed.problem, propertyPath: path }] };
  }
  const events = list.map((raw) => {
    const event = raw as Record<string, unknown>;
    const updated = event['eventUpdatedDateTime'];
    return { eventId: String(event['eventID']), versionKey: typeof updated === 'string' ? updated : '', refs: refsOf(event), body: event };
  });
  return { ok: true, events };
}
