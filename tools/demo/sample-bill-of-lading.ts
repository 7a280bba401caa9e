import PDFDocument from 'pdfkit';

/**
 * The sandbox's three-container booking (`TEST-TR-MULTI-CONTAINER`, booking TESTBK0004) printed
 * as a carrier would print its bill of lading: a one-page PDF with a text layer. The sandbox
 * line can track the booking, so the demo sees a tracking request made from the document succeed.
 */
export const DEMO_BOOKING = 'TESTBK0004';

export function sampleBillOfLading(printedAt: Date): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4', margin: 50, info: { Title: 'Quayside demo bill of lading' } });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))));
  document.font('Helvetica-Bold').fontSize(20).text('BILL OF LADING').moveDown(0.5);
  document.font('Helvetica').fontSize(11);
  const lines = [
    `Booking No.: ${DEMO_BOOKING}`,
    'SCAC: TEST',
    'Shipper: Shanghai Lamp Works Co., Ltd.',
    'Consignee: Quayside Imports LLC, Los Angeles CA',
    'Vessel: QUAYSIDE HORIZON   Voyage: 042E',
    'Port of Loading: SHANGHAI',
    'Port of Discharge: LOS ANGELES',
    'Shipped on Board: 2026-11-05',
    'Containers:',
    'QSDU 200685 0   40HC DRY',
    'QSDU 200822 0   20DV DRY',
    'QSDU 200959 3   40HC REEFER',
    'Ocean Freight USD 2,400.00',
    'Bunker Adjustment USD 310.00',
    // Makes every run's file different, so an account reused with --api-key is not refused as a duplicate.
    `Printed: ${printedAt.toISOString()}`,
  ];
  for (const line of lines) document.text(line).moveDown(0.3);
  document.end();
  return done;
}
