#!/usr/bin/env node
// Writes the surface of the established public API's OpenAPI description that existing clients
// depend on — every operation (method and path under /v2) and, per resource schema, its JSON:API
// type, attribute names and relationship names — to apps/api/src/openapi/fixtures/reference-surface.json.
// The api's reference-surface test compares the served OpenAPI and the served resources with it
// (see docs/json-api.md "Compatibility"). Rerun when the reference description changes.
// Usage: node tools/reference/extract-reference-surface.js <reference openapi.json>
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const source = process.argv[2];
if (!source) {
  process.stderr.write('usage: extract-reference-surface.js <reference openapi.json>\n');
  process.exit(2);
}
const reference = JSON.parse(fs.readFileSync(source, 'utf8'));
const operations = [];
for (const [route, item] of Object.entries(reference.paths)) {
  for (const method of METHODS) if (item[method]) operations.push(`${method.toUpperCase()} ${route}`);
}
const schemas = {};
for (const [name, schema] of Object.entries(reference.components.schemas)) {
  const properties = schema.properties ?? {};
  const attributes = properties.attributes?.properties;
  if (!attributes) continue;
  schemas[name] = {
    types: properties.type?.enum ?? [],
    attributes: Object.keys(attributes),
    relationships: Object.keys(properties.relationships?.properties ?? {}),
  };
}
const out = path.resolve(__dirname, '../../apps/api/src/openapi/fixtures/reference-surface.json');
fs.writeFileSync(
  out,
  `${JSON.stringify({ info: { title: reference.info.title, version: reference.info.version }, operations: operations.sort(), schemas }, null, 2)}\n`,
);
process.stdout.write(`${operations.length} operations, ${Object.keys(schemas).length} schemas → ${path.relative(process.cwd(), out)}\n`);
