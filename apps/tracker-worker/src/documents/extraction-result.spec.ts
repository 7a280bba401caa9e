import { extractionResultOf } from './extraction-result';

const text = (pages: string[], ocrPages = 0, unreadPages = 0) => ({ pages, ocrPages, unreadPages });

describe('extractionResultOf', () => {
  it('classifies, keeps the found fields and names the schema of the type', () => {
    const result = extractionResultOf(text(['BILL OF LADING', 'B/L No.: MAEU123456789', 'Container: MSKU 123456 5'], 1));
    expect(result).toMatchObject({
      status: 'extracted',
      documentType: 'bill_of_lading',
      schemaVersion: 'bill_of_lading@2026-11-01',
      billOfLadingNumbers: ['MAEU123456789'],
      containerNumbers: ['MSKU1234565'],
      scac: 'MAEU',
    });
    if (result.status !== 'extracted') throw new Error('expected an extraction');
    expect(result.classificationNotes).toMatch(/1 page\(s\) read by OCR/);
    // Not found is left out, never null; the invoice number belongs to invoices only.
    expect(Object.values(result.payload)).not.toContain(null);
    expect(result.payload).not.toHaveProperty('invoice_number');
  });

  it('keeps the invoice number of an invoice', () => {
    const result = extractionResultOf(text(['FREIGHT INVOICE\nInvoice No.: INV-2026-0042\nAmount due USD 1,250.00']));
    expect(result).toMatchObject({ status: 'extracted', documentType: 'invoice', payload: { invoice_number: { value: 'INV-2026-0042' } } });
  });

  it('fails a document without any text, saying when scanned pages were left unread', () => {
    const errorOf = (result: ReturnType<typeof extractionResultOf>): string => (result.status === 'failed' ? result.error : 'not failed');
    expect(errorOf(extractionResultOf(text(['  ', ''])))).toMatch(/No text could be read/);
    expect(errorOf(extractionResultOf(text([''], 0, 3)))).toMatch(/3 scanned page\(s\)/);
  });
});
