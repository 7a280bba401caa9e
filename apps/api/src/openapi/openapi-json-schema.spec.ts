import Ajv from 'ajv';
import { toJsonSchema } from './openapi-json-schema';

const ID = 'https://quayside.invalid/openapi.json';

describe('OpenAPI 3.0 schemas as JSON Schema', () => {
  it('lets a nullable field be null, also when it has an enum', () => {
    const schema = toJsonSchema(
      {
        type: 'object',
        properties: { status: { type: 'string', enum: ['hold'], nullable: true }, note: { type: 'string', nullable: true } },
      },
      ID,
    );
    const validate = new Ajv({ strict: false }).compile(schema as object);
    expect(validate({ status: null, note: null })).toBe(true);
    expect(validate({ status: 'hold', note: 'x' })).toBe(true);
    expect(validate({ status: 'released' })).toBe(false);
    expect(validate({ note: 3 })).toBe(false);
  });

  it('lets a nullable schema without a type of its own (oneOf) be null', () => {
    const validate = new Ajv({ strict: false }).compile(
      toJsonSchema({ nullable: true, oneOf: [{ type: 'string' }, { type: 'number' }] }, ID) as object,
    );
    expect([validate(null), validate('a'), validate(1), validate(true)]).toEqual([true, true, true, false]);
  });

  it('points component references into the document registered under the id, and keeps property names', () => {
    const converted = toJsonSchema({ type: 'object', properties: { nullable: { $ref: '#/components/schemas/Thing' } } }, ID);
    expect(converted).toEqual({ type: 'object', properties: { nullable: { $ref: `${ID}#/components/schemas/Thing` } } });
  });

  it('drops examples, which are data, not constraints', () => {
    expect(toJsonSchema({ type: 'string', example: 'MSCU1824900' }, ID)).toEqual({ type: 'string' });
  });
});
