import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const SCHEMA_FILE = resolve(__dirname, '../../../carriers/src/dcsa/fixtures/tnt-v3.0.0-openapi.yaml');

export type Dcsa3SchemaName = 'GetEventsResponse' | 'GetEventsError' | 'PostEventsRequest' | 'PostEventsResponse' | 'PostEventsError';

/**
 * Validates a body against a schema of the DCSA Track & Trace 3.0 OpenAPI document; answers the
 * errors (empty when valid). `additionalProperties: false` is added to every object schema so a
 * misspelt member is caught: the DCSA document itself leaves objects open.
 */
export function dcsa3SchemaValidator(options: { closed?: boolean } = {}): (name: Dcsa3SchemaName, body: unknown) => string[] {
  const document = parse(readFileSync(SCHEMA_FILE, 'utf8')) as { components: { schemas: Record<string, unknown> } };
  const schemas = JSON.parse(JSON.stringify(document.components.schemas).replaceAll('#/components/schemas/', '#/definitions/')) as Record<
    string,
    Record<string, unknown>
  >;
  if (options.closed !== false) {
    for (const schema of Object.values(schemas)) if (schema['type'] === 'object') schema['additionalProperties'] = false;
  }
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  // OpenAPI's numeric formats are hints; ajv-formats does not know them.
  for (const format of ['int32', 'int64', 'float', 'double']) ajv.addFormat(format, true);
  ajv.addSchema({ $id: 'dcsa-tnt-3', definitions: schemas });
  return (name, body) => {
    const validate = ajv.getSchema(`dcsa-tnt-3#/definitions/${name}`);
    if (!validate) throw new Error(`no DCSA schema ${name}`);
    return validate(body)
      ? []
      : (validate.errors ?? []).map(
          (e) =>
            `${e.instancePath || '/'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params['additionalProperty'])})` : ''}`,
        );
  };
}
