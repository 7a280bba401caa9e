import fc from 'fast-check';
import { EQUIPMENT_HEIGHTS, EQUIPMENT_LENGTHS, EQUIPMENT_TYPES } from '../enums/equipment.enum';
import { normalizeEquipment, parseIsoSizeType } from './equipment.normalizer';

type Row = [
  string,
  (typeof EQUIPMENT_TYPES)[number] | null,
  (typeof EQUIPMENT_LENGTHS)[number] | null,
  (typeof EQUIPMENT_HEIGHTS)[number] | null,
];

const ISO_CODES: Row[] = [
  ['22G1', 'dry', 20, 'standard'],
  ['42G1', 'dry', 40, 'standard'],
  ['45G1', 'dry', 40, 'high_cube'],
  ['L5G1', 'dry', 45, 'high_cube'],
  ['25G1', 'dry', 20, 'high_cube'],
  ['20G0', 'dry', 20, 'standard'],
  ['12G1', 'dry', 10, 'standard'],
  ['22V1', 'dry', 20, 'standard'],
  ['22R1', 'reefer', 20, 'standard'],
  ['42R1', 'reefer', 40, 'standard'],
  ['45R1', 'reefer', 40, 'high_cube'],
  ['L5R1', 'reefer', 45, 'high_cube'],
  ['22U1', 'open top', 20, 'standard'],
  ['42U1', 'open top', 40, 'standard'],
  ['22P1', 'flat rack', 20, 'standard'],
  ['42P1', 'flat rack', 40, 'standard'],
  ['45P1', 'flat rack', 40, 'high_cube'],
  ['22T1', 'tank', 20, 'standard'],
  ['22B1', 'bulk', 20, 'standard'],
  ['22H1', null, 20, 'standard'],
  ['32G1', 'dry', null, 'standard'],
  ['M5G1', 'dry', null, 'high_cube'],
  ['24G1', 'dry', 20, null],
  // Type group codes in place of the detailed type, as carriers and DCSA send them.
  ['22GP', 'dry', 20, 'standard'],
  ['45GP', 'dry', 40, 'high_cube'],
  ['45RT', 'reefer', 40, 'high_cube'],
  ['22UT', 'open top', 20, 'standard'],
  ['42PF', 'flat rack', 40, 'standard'],
  ['22TN', 'tank', 20, 'standard'],
  ['22BU', 'bulk', 20, 'standard'],
  ['2210', 'dry', 20, 'standard'],
  ['4510', 'dry', 40, 'high_cube'],
  ['2232', 'reefer', 20, 'standard'],
  ['4532', 'reefer', 40, 'high_cube'],
  ['2251', 'open top', 20, 'standard'],
  ['2260', 'flat rack', 20, 'standard'],
  ['2270', 'tank', 20, 'standard'],
  ['2280', 'bulk', 20, 'standard'],
  ['45g1', 'dry', 40, 'high_cube'],
];

const CARRIER_SPELLINGS: Row[] = [
  ['40HC', 'dry', 40, 'high_cube'],
  ['40 HC', 'dry', 40, 'high_cube'],
  ['40HQ', 'dry', 40, 'high_cube'],
  ["40' High Cube", 'dry', 40, 'high_cube'],
  ["40' Hi Cube", 'dry', 40, 'high_cube'],
  ['40ft high-cube', 'dry', 40, 'high_cube'],
  ['40HIGH CUBE', 'dry', 40, 'high_cube'],
  ["40' 9'6\"", 'dry', 40, 'high_cube'],
  ['45HC', 'dry', 45, 'high_cube'],
  ['20DV', 'dry', 20, 'standard'],
  ['40DV', 'dry', 40, 'standard'],
  ['20DC', 'dry', 20, 'standard'],
  ['20GP', 'dry', 20, 'standard'],
  ["20' Dry Van", 'dry', 20, 'standard'],
  ['20 Standard', 'dry', 20, 'standard'],
  ['40 ST', 'dry', 40, 'standard'],
  ['40 RF HC', 'reefer', 40, 'high_cube'],
  ['40RFHC', 'reefer', 40, 'high_cube'],
  ['40HCRF', 'reefer', 40, 'high_cube'],
  ['40RH', 'reefer', 40, 'high_cube'],
  ['40 High Cube Reefer', 'reefer', 40, 'high_cube'],
  ['20RF', 'reefer', 20, 'standard'],
  ['20 Reefer', 'reefer', 20, 'standard'],
  ['Reefer 40', 'reefer', 40, 'standard'],
  ['40NOR', 'reefer', 40, 'standard'],
  ['20OT', 'open top', 20, 'standard'],
  ["40' Open Top", 'open top', 40, 'standard'],
  ['40 OT HC', 'open top', 40, 'high_cube'],
  ['20 Flat Rack', 'flat rack', 20, 'standard'],
  ['40FR', 'flat rack', 40, 'standard'],
  ['40 Platform', 'flat rack', 40, 'standard'],
  ['20TK', 'tank', 20, 'standard'],
  ['20 Tank', 'tank', 20, 'standard'],
  ['20 Bulk', 'bulk', 20, 'standard'],
  ['45G1 (40 High Cube)', 'dry', 40, 'high_cube'],
  ["53' Dry", 'dry', null, 'standard'],
  ['40', null, 40, null],
  ["20'", null, 20, null],
  ['HC', 'dry', null, 'high_cube'],
  ['Reefer', 'reefer', null, 'standard'],
];

const UNKNOWN: Array<[unknown]> = [[''], ['   '], ['banana'], ['???'], ['XXXX'], ['12'], [null], [undefined], [42], [{}], [['40HC']]];

describe('equipment normalization', () => {
  it.each(ISO_CODES)('ISO 6346 %s → %s, %p ft, %s', (code, type, length, height) => {
    expect(normalizeEquipment(code)).toEqual({ equipment_type: type, equipment_length: length, equipment_height: height });
  });

  it.each(CARRIER_SPELLINGS)('carrier spelling %j → %s, %p ft, %s', (text, type, length, height) => {
    expect(normalizeEquipment(text)).toEqual({ equipment_type: type, equipment_length: length, equipment_height: height });
  });

  it.each(UNKNOWN)('unknown input %j gives nulls', (input) => {
    expect(normalizeEquipment(input)).toEqual({ equipment_type: null, equipment_length: null, equipment_height: null });
  });

  it('covers every type, length and height of the enums', () => {
    const rows = [...ISO_CODES, ...CARRIER_SPELLINGS];
    for (const type of EQUIPMENT_TYPES) expect(rows.some((row) => row[1] === type)).toBe(true);
    for (const length of EQUIPMENT_LENGTHS) expect(rows.some((row) => row[2] === length)).toBe(true);
    for (const height of EQUIPMENT_HEIGHTS) expect(rows.some((row) => row[3] === height)).toBe(true);
  });

  it.each([['40HC'], ['20DV'], ['RF40'], ['hello'], ['22G']])('%s is not read as an ISO code', (token) => {
    expect(parseIsoSizeType(token)).toBeNull();
  });

  it('never throws and only returns enum values or null, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'0124LGRUPTBHCDVF \'"-9'.split('')) }), fc.anything()),
        (input) => {
          const result = normalizeEquipment(input);
          expect(result.equipment_type === null || EQUIPMENT_TYPES.includes(result.equipment_type)).toBe(true);
          expect(result.equipment_length === null || EQUIPMENT_LENGTHS.includes(result.equipment_length)).toBe(true);
          expect(result.equipment_height === null || EQUIPMENT_HEIGHTS.includes(result.equipment_height)).toBe(true);
        },
      ),
    );
  });
});
