import type { Schema } from '../openapi/json-api-schemas';
import { resourceSchema, toOne } from '../openapi/json-api-schemas';

/** The reference's `rail_terminal`: an inland rail facility as a source reported it (no URL of its own). */
export const railTerminalSchema: Schema = resourceSchema(
  'rail_terminal',
  {
    name: { type: 'string', description: 'The facility as the source that first reported it named it.' },
    nickname: { type: 'string', description: 'Empty: no source reports one.' },
    firms_code: { type: 'string', description: 'CBP FIRMS code or CBSA sublocation code when the source gave one; empty otherwise.' },
  },
  {
    port: { ...toOne('port'), description: 'The port of its UN/LOCODE, when the reference data has one.' },
    metro_area: { ...toOne('metro_area'), description: 'The metro area of its UN/LOCODE, when the reference data has one.' },
  },
  ['name'],
  { selfLink: false },
);
