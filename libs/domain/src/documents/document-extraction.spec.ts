import fc from 'fast-check';
import { containerCheckDigit } from '../numbers/container-number';
import { classifyDocument } from './document-classification';
import { extractDocumentFields, findContainerNumbers, parseDocumentDate } from './document-fields';

const BILL_OF_LADING = [
  'SEA WAYBILL / BILL OF LADING',
  'Shipper: Acme Exports Ltd, Shanghai',
  'B/L No.: ZIMUSHH30512345     Booking No.: 30512345',
  'SCAC: ZIMU',
  'Vessel: ZIM ROTTERDAM   Voyage: 12E',
  'Port of Loading: Shanghai, China',
  'Port of Discharge: Los Angeles, USA',
  'Shipped on Board: 2026-10-02',
  'Containers:',
  'MSCU6639870  40HC  12,400 KG',
  'TGHU 912345 1  40HC',
  'CSQU3054383 20GP',
  'ABCU1234567 (a misread: wrong check digit)',
  'Ocean Freight USD 2,450.00',
  'Bunker Adjustment USD 310.50',
  'Total USD 2,760.50',
].join('\n');

describe('classifyDocument', () => {
  it.each([
    ['a bill of lading title', 'BILL OF LADING\nShipper: X', 'bill_of_lading'],
    ['an arrival notice that names its bill of lading', 'ARRIVAL NOTICE\nBill of Lading: ZIMU1\nETA: 2026-11-01', 'arrival_notice'],
    ['a delivery order', 'DELIVERY ORDER\nRelease to: Trucker Co', 'delivery_order'],
    ['a freight invoice for a bill of lading', 'FREIGHT INVOICE\nBill of lading ZIMU1\nAmount due USD 10', 'invoice'],
    ['a letter with no known wording', 'Dear customer, thank you.', 'other'],
  ])('classifies %s', (_name, text, expected) => {
    const result = classifyDocument([text]);
    expect(result.documentType).toBe(expected);
    expect(result.notes.length).toBeGreaterThan(0);
  });
});

describe('extractDocumentFields', () => {
  const fields = extractDocumentFields(['', BILL_OF_LADING]);

  it('reads the three containers whose check digit is right, with their page and line', () => {
    expect(fields.container_numbers.map((field) => field.value)).toEqual(['MSCU6639870', 'TGHU9123451', 'CSQU3054383']);
    expect(fields.container_numbers[0]).toMatchObject({ page: 2, line: 10, source_text: 'MSCU6639870  40HC  12,400 KG' });
  });

  it('reads the labelled numbers, carrier, vessel, voyage, ports and dates', () => {
    expect(fields.bill_of_lading_numbers.map((field) => field.value)).toEqual(['ZIMUSHH30512345']);
    expect(fields.booking_numbers.map((field) => field.value)).toEqual(['30512345']);
    expect(fields.scac?.value).toBe('ZIMU');
    expect(fields.vessel?.value).toBe('ZIM ROTTERDAM');
    expect(fields.voyage?.value).toBe('12E');
    expect(fields.port_of_loading?.value).toBe('Shanghai, China');
    expect(fields.port_of_discharge?.value).toBe('Los Angeles, USA');
    expect(fields.dates).toEqual([expect.objectContaining({ kind: 'shipped_on_board', value: '2026-10-02' })]);
  });

  it('reads charge lines but not their total', () => {
    expect(fields.charges.map((field) => field.value)).toEqual([
      { description: 'Ocean Freight', currency: 'USD', amount: 2450 },
      { description: 'Bunker Adjustment', currency: 'USD', amount: 310.5 },
    ]);
  });

  it('infers the SCAC from the bill of lading prefix when no SCAC is printed', () => {
    expect(extractDocumentFields(['BL Number: ZIMUSHH30512345']).scac).toMatchObject({ value: 'ZIMU', confidence: 0.9 });
  });

  it('finds nothing in a page without shipping wording', () => {
    const empty = extractDocumentFields(['Lorem ipsum dolor sit amet']);
    expect([empty.container_numbers, empty.bill_of_lading_numbers, empty.charges]).toEqual([[], [], []]);
  });
});

describe('parseDocumentDate', () => {
  it.each([
    ['2026-11-05', '2026-11-05'],
    ['5 Nov 2026', '2026-11-05'],
    ['05-NOV-2026', '2026-11-05'],
    ['November 5, 2026', '2026-11-05'],
    ['2026-02-30', null],
    ['05/11/2026', null],
  ])('reads %s as %s', (text, expected) => {
    expect(parseDocumentDate(text)).toBe(expected);
  });
});

describe('findContainerNumbers', () => {
  const owner = fc.stringMatching(/^[A-Z]{3}[UJZ]$/);
  const serial = fc.stringMatching(/^[0-9]{6}$/);

  it('finds every container number with a right check digit, however it is spaced', () => {
    fc.assert(
      fc.property(owner, serial, fc.constantFrom('', ' '), (ownerCode, digits, gap) => {
        const check = containerCheckDigit(`${ownerCode}${digits}`) ?? 0;
        expect(findContainerNumbers(`Container ${ownerCode}${gap}${digits}${gap}${check} 40HC`)).toEqual([`${ownerCode}${digits}${check}`]);
      }),
    );
  });

  it('never reports a number whose check digit is wrong', () => {
    fc.assert(
      fc.property(owner, serial, fc.integer({ min: 1, max: 9 }), (ownerCode, digits, offset) => {
        const wrong = ((containerCheckDigit(`${ownerCode}${digits}`) ?? 0) + offset) % 10;
        expect(findContainerNumbers(`${ownerCode}${digits}${wrong}`)).toEqual([]);
      }),
    );
  });
});
