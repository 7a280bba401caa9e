import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiTestContext, call } from '../test/api-test-app';

interface ReferenceSurface {
  operations: string[];
  schemas: Record<string, { types: string[]; attributes: string[]; relationships: string[] }>;
}

const SURFACE = JSON.parse(readFileSync(resolve(__dirname, 'fixtures/reference-surface.json'), 'utf8')) as ReferenceSurface;

/** Reference operations Quayside does not serve: none (documents landed last; keep this empty). */
const NOT_YET_SERVED = new Set<string>();

/**
 * Reference operations served by a route of another parameter name: one path cannot hold two
 * parameters at the same place, so `/vessels/{id}` answers both an id and an IMO number.
 */
const SERVED_AS: Record<string, string> = { 'GET /vessels/{imo}': 'GET /vessels/{id}' };

/** `/v2/containers/{container_id}/x` and `/containers/{id}/x` name the same route. */
const routeKey = (operation: string): string => operation.replace(/\{[^}]+\}/g, '{}');

describe('the served OpenAPI covers every operation of the established public API', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('serves every reference path and method, except the listed ones', async () => {
    const document = (await call(app, 'GET', '/docs/openapi.json')).json as unknown as { paths: Record<string, Record<string, unknown>> };
    const served = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item)) served.add(routeKey(`${method.toUpperCase()} ${path.replace(/^\/v2/, '')}`));
    }
    const missing = SURFACE.operations.filter(
      (operation) => !NOT_YET_SERVED.has(operation) && !served.has(routeKey(SERVED_AS[operation] ?? operation)),
    );
    expect(missing).toEqual([]);
  });

  it('lists as exceptions only operations the reference has and Quayside lacks', () => {
    expect([...NOT_YET_SERVED].filter((operation) => !SURFACE.operations.includes(operation))).toEqual([]);
    expect(Object.keys(SERVED_AS).filter((operation) => !SURFACE.operations.includes(operation))).toEqual([]);
  });
});

/** Every resource schema in an OpenAPI document, by JSON:API type: the union of its attribute and relationship names. */
function servedResources(document: unknown): Map<string, { attributes: Set<string>; relationships: Set<string> }> {
  const found = new Map<string, { attributes: Set<string>; relationships: Set<string> }>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    const properties = record['properties'] as Record<string, { enum?: unknown[]; properties?: Record<string, unknown> }> | undefined;
    const types = properties?.['type']?.enum;
    const attributes = properties?.['attributes']?.properties;
    if (Array.isArray(types) && attributes) {
      for (const type of types) {
        const entry = found.get(String(type)) ?? { attributes: new Set<string>(), relationships: new Set<string>() };
        Object.keys(attributes).forEach((name) => entry.attributes.add(name));
        Object.keys(properties['relationships']?.properties ?? {}).forEach((name) => entry.relationships.add(name));
        found.set(String(type), entry);
      }
    }
    Object.values(record).forEach(visit);
  };
  visit(document);
  return found;
}

/** Reference schemas of resources that belong to the documents issue, or that are not resources of their own. */
const SCHEMAS_NOT_YET_SERVED = new Set<string>([]);

/** The reference types its container schema `account` by mistake; its vessel with positions is a `vessel`; its included shapes are the resources. */
const RESOURCE_TYPE: Record<string, string> = {
  container: 'container',
  vessel_with_positions: 'vessel',
  // A document's included email submission and an email submission's included documents.
  document_email_submission: 'email_submission',
  email_submission_document: 'document',
};

/**
 * Names not served yet: listed so that the test fails both when another goes missing and when
 * one of these lands without leaving this list. The webhook payload resources (estimated_event,
 * container_updated_event, container_pod_terminal_changed_event) are described by the response of
 * `GET /v2/webhook_notifications/examples`, which serves exactly what deliveries carry.
 */
const KNOWN_GAPS: string[] = [];

/**
 * Fields the established service returns in its live responses beyond its published
 * description; its clients read them (docs/json-api.md, "Compatibility").
 */
const LIVE_FIELDS: Record<string, { attributes?: string[]; relationships?: string[] }> = {
  shipment: { attributes: ['destination_original_eta_at', 'pol_original_etd_at'] },
  container: {
    attributes: [
      'pol_full_in_at',
      'pol_vessel_loaded_at',
      'pol_vessel_departed_at',
      'empty_out_at',
      'delivered_at',
      'ind_facility_holds',
      'ind_facility_fees',
      'rail_last_tracking_request_at',
      'ssl_lfd',
    ],
  },
  tracking_request: { attributes: ['shipment_tags'], relationships: ['customer', 'user'] },
  transport_event: { attributes: ['invalidated_at', 'value'], relationships: ['previous_version', 'source_event', 'vessel'] },
  port: { attributes: ['id'], relationships: ['terminals'] },
  terminal: { attributes: ['id', 'facility_type', 'provided_data'] },
  shipping_line: { attributes: ['tracking_url', 'contact_url', 'provided_data'] },
};

describe('the served resources carry every attribute and relationship the established clients read', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('every name of the reference schemas and of the live responses is described on the resource of its type, except the known gaps', async () => {
    const served = servedResources((await call(app, 'GET', '/docs/openapi.json')).json);
    const missing: string[] = [];
    const expectNames = (type: string, attributes: readonly string[], relationships: readonly string[]): void => {
      const resource = served.get(type);
      if (!resource) return void missing.push(`${type}: no resource`);
      for (const name of attributes) if (!resource.attributes.has(name)) missing.push(`${type}.attributes.${name}`);
      for (const name of relationships) if (!resource.relationships.has(name)) missing.push(`${type}.relationships.${name}`);
    };
    for (const [name, schema] of Object.entries(SURFACE.schemas)) {
      if (SCHEMAS_NOT_YET_SERVED.has(name)) continue;
      expectNames(RESOURCE_TYPE[name] ?? name, schema.attributes, schema.relationships);
    }
    for (const [type, fields] of Object.entries(LIVE_FIELDS)) expectNames(type, fields.attributes ?? [], fields.relationships ?? []);
    expect([...missing].sort()).toEqual([...KNOWN_GAPS].sort());
  });
});
