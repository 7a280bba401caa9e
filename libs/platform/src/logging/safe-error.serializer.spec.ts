import { QueryFailedError } from 'typeorm';
import { serializeSafeError } from './safe-error.serializer';

const SECRET = 'a'.repeat(64);

function failedInsert(): QueryFailedError {
  const driverError = Object.assign(new Error('new row for relation "webhooks" violates check constraint "x"'), {
    code: '23514',
    table: 'webhooks',
    constraint: 'x',
    detail: `Failing row contains (https://example.com, ${SECRET}).`,
  });
  return new QueryFailedError('INSERT INTO "webhooks"("url", "secret") VALUES ($1, $2)', ['https://example.com', SECRET], driverError);
}

describe('serializeSafeError', () => {
  it('keeps what explains a database failure and drops every value of the row', () => {
    const serialized = serializeSafeError(failedInsert());
    expect(serialized).toMatchObject({ type: 'QueryFailedError', code: '23514', table: 'webhooks', constraint: 'x' });
    expect((serialized as { query: string }).query).toContain('INSERT INTO');
    expect(JSON.stringify(serialized)).not.toContain(SECRET);
  });

  it('walks causes with the same rule', () => {
    const serialized = serializeSafeError(new Error('refresh failed', { cause: failedInsert() }));
    expect(JSON.stringify(serialized)).toContain('QueryFailedError');
    expect(JSON.stringify(serialized)).not.toContain(SECRET);
  });

  it("also cleans what pino's own error serializer made of the error", () => {
    const error = failedInsert();
    const { query } = error;
    const serialized = serializeSafeError({ ...error, type: 'QueryFailedError', message: error.message, stack: error.stack });
    expect(serialized).toMatchObject({ type: 'QueryFailedError', query });
    expect(JSON.stringify(serialized)).not.toContain(SECRET);
  });

  it.each<[string, unknown]>([
    ['a string', 'plain'],
    ['undefined', undefined],
    ['an object', { a: 1 }],
  ])('passes %s through unchanged', (_label, value) => {
    expect(serializeSafeError(value)).toBe(value);
  });
});
