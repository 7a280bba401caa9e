import { containerCheckDigit } from '@quayside/domain';
import PDFDocument from 'pdfkit';

/** An ISO 6346 number of `owner` (four letters) and six digits, with its right check digit. */
export function containerNumber(owner: string, serial: string): string {
  return `${owner}${serial}${containerCheckDigit(`${owner}${serial}`)}`;
}

/** `MSKU 123456 7`: how bills of lading print container numbers. */
const spaced = (number: string): string => `${number.slice(0, 4)} ${number.slice(4, 10)} ${number.slice(10)}`;

export interface SampleBillOfLading {
  billOfLading: string;
  containers: string[];
  vessel: string;
  voyage: string;
}

/** The bill of lading the tests and the demo read: a Maersk B/L of three 40' containers. */
export const SAMPLE_BILL_OF_LADING: SampleBillOfLading = {
  billOfLading: 'MAEU260123456',
  containers: [containerNumber('MSKU', '260101'), containerNumber('MSKU', '260202'), containerNumber('MRKU', '260303')],
  vessel: 'MAERSK ESSEN',
  voyage: '245W',
};

/** One page as pdfkit lays it out: each entry one line; a pair is two columns of one line. */
type Line = string | [string, string] | { title: string };

function pdf(lines: readonly Line[]): Promise<Buffer> {
  const document = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: 'Quayside sample document', CreationDate: new Date('2026-11-01T00:00:00Z') },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))));
  for (const line of lines) {
    if (typeof line === 'object' && !Array.isArray(line)) {
      document.font('Helvetica-Bold').fontSize(20).text(line.title).moveDown(0.5);
      continue;
    }
    document.font('Helvetica').fontSize(11);
    if (typeof line === 'string') {
      document.text(line).moveDown(0.3);
      continue;
    }
    const y = document.y;
    document.text(line[0], 50, y, { width: 240, lineBreak: false });
    document.text(line[1], 310, y, { width: 240, lineBreak: false });
    document.x = 50;
    document.moveDown(1.3);
  }
  document.end();
  return done;
}

/** A one-page text bill of lading (a real text layer, as carriers' systems print them). */
export function billOfLadingPdf(sample: SampleBillOfLading = SAMPLE_BILL_OF_LADING): Promise<Buffer> {
  return pdf([
    { title: 'BILL OF LADING' },
    `B/L No.: ${sample.billOfLading}`,
    'Shipper: Shenzhen Bright Lamps Co., Ltd.',
    'Consignee: Quayside Imports LLC, Oakland CA',
    'Notify Party: Same as consignee',
    [`Vessel: ${sample.vessel}`, `Voyage: ${sample.voyage}`],
    ['Port of Loading: YANTIAN', 'Port of Discharge: LOS ANGELES'],
    'Shipped on Board: 2026-11-05',
    'Container / Seal / Type',
    ...sample.containers.map((number, index) => `${spaced(number)}   SEAL ML-${480100 + index}   40HC`),
    'Date of Issue: 5 Nov 2026',
  ]);
}

/** An arrival notice of another shipment, which the account does not track yet. */
export function arrivalNoticePdf(billOfLading: string, containers: readonly string[]): Promise<Buffer> {
  return pdf([
    { title: 'ARRIVAL NOTICE' },
    `Bill of Lading Number: ${billOfLading}`,
    'SCAC: MAEU',
    [`Vessel: MAERSK KENSINGTON`, 'Voyage: 310E'],
    'Port of Discharge: OAKLAND',
    'ETA: 2026-12-01',
    'Last Free Day: 2026-12-06',
    ...containers.map((number) => `Container: ${spaced(number)}`),
    'Terminal Handling Charge USD 450.00',
    'Documentation Fee USD 75.00',
    'Total USD 525.00',
  ]);
}

/** A scanned PDF: `pages` pages that are each only an image (no text layer), as a copier makes them. */
export function scannedPdf(png: Buffer, pages = 1): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4', margin: 0, info: { CreationDate: new Date('2026-11-01T00:00:00Z') } });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))));
  for (let page = 0; page < pages; page += 1) {
    if (page > 0) document.addPage({ size: 'A4', margin: 0 });
    document.image(png, 0, 0, { width: document.page.width, height: document.page.height });
  }
  document.end();
  return done;
}

/** A forwarded mail (RFC 5322, multipart/mixed) with the given attachments, base64 encoded. */
export function emailWithAttachments(
  subject: string,
  body: string,
  attachments: ReadonlyArray<{ fileName: string; contentType: string; bytes: Buffer }>,
): Buffer {
  const boundary = 'quayside-sample-boundary';
  const parts = [
    `--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
    ...attachments.map(
      (a) =>
        `--${boundary}\r\nContent-Type: ${a.contentType}; name="${a.fileName}"\r\nContent-Disposition: attachment; filename="${a.fileName}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${a.bytes.toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`,
    ),
  ];
  const headers = [
    'From: Operations <ops@forwarder.example>',
    'To: docs@inbound.localhost',
    `Subject: ${subject}`,
    'Date: Thu, 05 Nov 2026 10:00:00 +0000',
    'Message-ID: <sample-1@forwarder.example>',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
  ];
  return Buffer.from(`${headers.join('\r\n')}\r\n\r\n${parts.join('')}--${boundary}--\r\n`, 'utf8');
}
