import { uuidArray } from './uuid-array';

describe('uuidArray', () => {
  it.each([
    [[], '{}'],
    [['3f1c2a4e-0b1d-4c5e-9f00-1a2b3c4d5e6f'], '{3f1c2a4e-0b1d-4c5e-9f00-1a2b3c4d5e6f}'],
    [
      ['3F1C2A4E-0B1D-4C5E-9F00-1A2B3C4D5E6F', '00000000-0000-0000-0000-000000000000'],
      '{3F1C2A4E-0B1D-4C5E-9F00-1A2B3C4D5E6F,00000000-0000-0000-0000-000000000000}',
    ],
  ])('writes %j as %s', (ids, text) => {
    expect(uuidArray(ids)).toBe(text);
    expect(uuidArray(new Set(ids))).toBe(text);
  });

  it.each([
    ['not-a-uuid'],
    ['3f1c2a4e-0b1d-4c5e-9f00-1a2b3c4d5e6f,00000000-0000-0000-0000-000000000000'],
    ['"3f1c2a4e-0b1d-4c5e-9f00-1a2b3c4d5e6f"'],
    [''],
  ])('refuses %j, which could only be more elements or a failed cast', (id) => {
    expect(() => uuidArray(['00000000-0000-0000-0000-000000000000', id])).toThrow(/not a uuid/);
  });
});
