import fc from 'fast-check';
import { checkCustomFieldValue, customFieldDisplayValue, validationIssues } from './custom-field-value.rules';
import type { CustomFieldRules } from './custom-field-value.rules';
import type { CustomFieldDataType } from './custom-field.enum';

const rules = (data_type: CustomFieldDataType, validation: Record<string, unknown> | null = null): CustomFieldRules => ({
  api_slug: 'my_field',
  data_type,
  validation,
  options: [
    { value: 'red', label: 'Red' },
    { value: 'blue', label: 'Blue' },
  ],
});

describe('checkCustomFieldValue', () => {
  it.each([
    ['short_text', 'ABC124', 'ABC124'],
    ['number', 12.5, 12.5],
    ['date', '2026-02-28', '2026-02-28'],
    ['datetime', '2026-02-28T10:00:00+02:00', '2026-02-28T08:00:00.000Z'],
    ['boolean', false, false],
    ['enum', 'red', 'red'],
    ['enum_multi', ['blue', 'red'], ['blue', 'red']],
    ['reference', 'B1C2D3E4-0000-4000-8000-000000000001', 'b1c2d3e4-0000-4000-8000-000000000001'],
  ] as const)('accepts a %s value and stores it normalized', (type, value, stored) => {
    expect(checkCustomFieldValue(rules(type), value, '/v')).toEqual({ ok: true, value: stored });
  });

  it.each([
    ['short_text', 12, 'must be text'],
    ['number', '12', 'must be a number'],
    ['date', '2026-02-30', 'must be a date'],
    ['datetime', '2026-02-28T10:00:00', 'ISO 8601'],
    ['boolean', 'true', 'true or false'],
    ['enum', 'green', 'one of red, blue'],
    ['enum_multi', ['red', 'red'], 'twice'],
    ['enum_multi', 'red', 'list of option values'],
    ['reference', 'not-an-id', 'uuid'],
  ] as const)('refuses a %s value %p naming the field', (type, value, message) => {
    const result = checkCustomFieldValue(rules(type), value, '/data/attributes/value');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issue.pointer).toBe('/data/attributes/value');
      expect(result.issue.detail).toContain('my_field');
      expect(result.issue.detail).toContain(message);
    }
  });

  it('applies the definition rules', () => {
    expect(checkCustomFieldValue(rules('number', { min: 0, max: 10, integer: true }), 11, '/v').ok).toBe(false);
    expect(checkCustomFieldValue(rules('number', { integer: true }), 1.5, '/v').ok).toBe(false);
    expect(checkCustomFieldValue(rules('short_text', { max_length: 3 }), 'abcd', '/v').ok).toBe(false);
    expect(checkCustomFieldValue(rules('date', { min: '2026-01-01' }), '2025-12-31', '/v').ok).toBe(false);
    expect(checkCustomFieldValue(rules('enum_multi', { max_selections: 1 }), ['red', 'blue'], '/v').ok).toBe(false);
  });

  it('accepts null for every type and refuses a missing value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<CustomFieldDataType>('short_text', 'number', 'date', 'datetime', 'boolean', 'enum', 'enum_multi', 'reference'),
        (type) => {
          expect(checkCustomFieldValue(rules(type), null, '/v')).toEqual({ ok: true, value: null });
          expect(checkCustomFieldValue(rules(type), undefined, '/v').ok).toBe(false);
        },
      ),
    );
  });

  it('keeps every finite number and refuses every string for number fields', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) =>
        expect(checkCustomFieldValue(rules('number'), n, '/v')).toEqual({ ok: true, value: n }),
      ),
    );
    fc.assert(fc.property(fc.string(), (s) => expect(checkCustomFieldValue(rules('number'), s, '/v').ok).toBe(false)));
  });
});

describe('validationIssues', () => {
  it('names keys that do not apply to the type and malformed rules', () => {
    expect(validationIssues('number', { min: 1, max: 'x' }, '/p').map((i) => i.pointer)).toEqual(['/p/max']);
    expect(validationIssues('boolean', { max_length: 3 }, '/p')[0]?.detail).toContain('does not apply to boolean');
    expect(validationIssues('short_text', null, '/p')).toEqual([]);
    expect(validationIssues('short_text', [1], '/p')).toHaveLength(1);
  });
});

describe('customFieldDisplayValue', () => {
  it.each([
    ['enum', 'blue', 'Blue'],
    ['enum_multi', ['red', 'blue'], 'Red, Blue'],
    ['boolean', true, 'Yes'],
    ['number', 3, '3'],
    ['short_text', null, null],
  ] as const)('shows a %s value', (type, value, shown) => {
    expect(customFieldDisplayValue(rules(type), value)).toBe(shown);
  });
});
