import { CARRIER_PREFIXES } from './carrier-prefixes';
import { REFERENCE_NUMBER_TYPES, inferTrackingNumber } from './number-inference';

describe('tracking number inference', () => {
  it('a valid container number of a line-owned box auto-selects the line (the established API example)', () => {
    expect(inferTrackingNumber('WHLU1234560')).toEqual({
      normalized_number: 'WHLU1234560',
      kind: 'container',
      request_type: 'container',
      possible_request_types: ['container'],
      is_valid: true,
      check_digit_passed: true,
      reason: null,
      candidates: [{ scac: 'WHLC', name: 'Wan Hai', confidence: 1, matched_prefix: 'WHLU' }],
      decision: 'auto_select',
    });
  });

  it.each([
    ['MSCU1234566', 'MSCU'],
    ['MEDU1234562', 'MSCU'],
    ['MAEU1234567', 'MAEU'],
    ['MSKU1234565', 'MAEU'],
    ['HLXU3141597', 'HLCU'],
    ['EGHU9000004', 'EGLV'],
    ['OOLU1111114', 'OOLU'],
    ['ZIMU0000015', 'ZIMU'],
    ['APZU2718280', 'APLU'],
  ])('container %s → %s', (number, scac) => {
    const result = inferTrackingNumber(number);
    expect(result).toMatchObject({ kind: 'container', is_valid: true, decision: 'auto_select' });
    expect(result.candidates.map((c) => c.scac)).toEqual([scac]);
  });

  it('a leasing company box is a valid container with no carrier prediction', () => {
    expect(inferTrackingNumber('TGHU9876542')).toMatchObject({
      kind: 'container',
      is_valid: true,
      candidates: [],
      decision: 'no_prediction',
    });
  });

  it('a container number with a wrong check digit is invalid, says why, and asks to confirm the carrier', () => {
    expect(inferTrackingNumber('MSCU 123456-7')).toMatchObject({
      normalized_number: 'MSCU1234567',
      kind: 'container',
      is_valid: false,
      check_digit_passed: false,
      reason: 'check_digit_mismatch',
      decision: 'needs_confirmation',
    });
  });

  it.each([
    ['EGLV084900042045', 'EGLV', 'EGLV'],
    ['MEDUAB123456', 'MSCU', 'MEDU'],
    ['MAEU123456789', 'MAEU', 'MAEU'],
    ['COSU6312345670', 'COSU', 'COSU'],
    ['ONEYTYOC12345600', 'ONEY', 'ONEY'],
    ['HLCUSHA2101ABCD1', 'HLCU', 'HLCU'],
    ['CMDUSHZ1234567', 'CMDU', 'CMDU'],
    ['OOLU2712345670', 'OOLU', 'OOLU'],
    ['ZIMUSNH1234567', 'ZIMU', 'ZIMU'],
    ['YMPR123456789', 'YMLU', 'YMPR'],
    ['SEAL12345678', 'SEAU', 'SEAL'],
  ])('bill of lading %s → %s (prefix %s)', (number, scac, prefix) => {
    expect(inferTrackingNumber(number)).toMatchObject({
      kind: 'shipment',
      request_type: 'bill_of_lading',
      possible_request_types: ['bill_of_lading', 'booking_number'],
      is_valid: true,
      check_digit_passed: null,
      reason: null,
      candidates: [{ scac, confidence: 1, matched_prefix: prefix }],
      decision: 'auto_select',
    });
  });

  it.each([
    ['TEST-TR-HOLDS', 'TESTTRHOLDS', 'shipment', 'bill_of_lading', 'TESTTR'],
    ['TESTBK0007', 'TESTBK0007', 'shipment', 'booking_number', 'TESTBK'],
    ['QSDU2015071', 'QSDU2015071', 'container', 'container', 'QSDU'],
  ])('the sandbox number %s is the sandbox line’s %s (%s, %s)', (number, normalized, kind, requestType, prefix) => {
    expect(inferTrackingNumber(number)).toMatchObject({
      normalized_number: normalized,
      kind,
      request_type: requestType,
      is_valid: true,
      candidates: [{ scac: 'TEST', name: 'Quayside Sandbox Line', confidence: 1, matched_prefix: prefix }],
      decision: 'auto_select',
    });
  });

  it('a number without a known prefix may be a bill of lading or a booking, carrier unknown', () => {
    expect(inferTrackingNumber('084900042045')).toMatchObject({
      kind: 'shipment',
      request_type: null,
      possible_request_types: ['bill_of_lading', 'booking_number'],
      is_valid: true,
      candidates: [],
      decision: 'no_prediction',
    });
  });

  it.each([
    ['', 'empty'],
    ['MSCU1234566, MAEU1234567', 'multiple_numbers'],
    [['MSCU1234566'], 'multiple_numbers'],
    ['MSCU*1234566', 'invalid_characters'],
    [7, 'not_a_string'],
  ])('%j is invalid because %s', (input, reason) => {
    expect(inferTrackingNumber(input)).toMatchObject({
      normalized_number: null,
      kind: null,
      is_valid: false,
      reason,
      candidates: [],
      decision: 'no_prediction',
    });
  });

  it('several carriers sharing a prefix split the confidence and need confirmation', () => {
    const table = [
      { scac: 'AAAA', name: 'A', bill_of_lading_prefixes: ['SHAR'], container_prefixes: [] },
      { scac: 'BBBB', name: 'B', bill_of_lading_prefixes: ['SHAR'], container_prefixes: [] },
    ];
    const result = inferTrackingNumber('SHAR12345', table);
    expect(result.candidates.map((c) => [c.scac, c.confidence])).toEqual([
      ['AAAA', 0.5],
      ['BBBB', 0.5],
    ]);
    expect(result.decision).toBe('needs_confirmation');
  });

  it('the longest matching prefix wins', () => {
    const table = [
      { scac: 'SHRT', name: 'Short', bill_of_lading_prefixes: ['AB'], container_prefixes: [] },
      { scac: 'LONG', name: 'Long', bill_of_lading_prefixes: ['ABCD'], container_prefixes: [] },
    ];
    expect(inferTrackingNumber('ABCD12345', table).candidates.map((c) => c.scac)).toEqual(['LONG']);
  });

  it('the prefix table lists the 38 carriers of the coverage list, each SCAC once, prefixes unambiguous', () => {
    expect(CARRIER_PREFIXES).toHaveLength(38);
    expect(new Set(CARRIER_PREFIXES.map((c) => c.scac)).size).toBe(38);
    const bl = CARRIER_PREFIXES.flatMap((c) => c.bill_of_lading_prefixes);
    expect(new Set(bl).size).toBe(bl.length);
    const owners = CARRIER_PREFIXES.flatMap((c) => c.container_prefixes);
    expect(new Set(owners).size).toBe(owners.length);
    for (const owner of owners) expect(owner).toMatch(/^[A-Z]{3}U$/);
    for (const entry of CARRIER_PREFIXES) expect(entry.bill_of_lading_prefixes).toContain(entry.scac);
  });

  it('every carrier with a container owner code is predicted from a valid number of that code', () => {
    for (const entry of CARRIER_PREFIXES) {
      for (const owner of entry.container_prefixes) {
        const number = inferTrackingNumber(`${owner}000000${checkDigitFor(`${owner}000000`)}`);
        expect(number.candidates.map((c) => c.scac)).toEqual([entry.scac]);
      }
    }
  });

  it('maps request types to the established API’s number_type values', () => {
    expect(REFERENCE_NUMBER_TYPES).toEqual({ container: 'container', bill_of_lading: 'bill_of_lading', booking_number: 'booking' });
  });
});

function checkDigitFor(ten: string): number {
  for (let digit = 0; digit < 10; digit += 1) if (inferTrackingNumber(`${ten}${digit}`).is_valid) return digit;
  throw new Error(`no check digit for ${ten}`);
}
