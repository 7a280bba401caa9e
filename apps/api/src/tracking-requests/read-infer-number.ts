import { unprocessableEntity } from '@quayside/domain';

/**
 * The number of an infer_number body: the established API's `{"number": "..."}`, or the same inside
 * a JSON:API document (`{"data": {"attributes": {"number": "..."}}}`). Missing answers 422.
 */
export function readInferNumber(body: unknown): unknown {
  if (isObject(body)) {
    if ('number' in body) return body['number'];
    const data = body['data'];
    if (isObject(data) && isObject(data['attributes']) && 'number' in data['attributes']) return data['attributes']['number'];
  }
  throw unprocessableEntity({
    pointer: '/number',
    detail: 'number is required: send {"number": "<container, bill of lading or booking number>"}.',
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
