import { createCanvas, loadImage } from '@napi-rs/canvas';
import { TrackingRequestEntity } from '@quayside/data-access';
import {
  arrivalNoticePdf,
  billOfLadingPdf,
  containerNumber,
  createAccount,
  createContainer,
  createShipment,
  emailWithAttachments,
  SAMPLE_BILL_OF_LADING,
  scannedPdf,
} from '@quayside/testing';
import * as UTIF from 'utif';
import { DocumentExtractionHarness, fieldValues as values, pageAsPng } from '../test/document-extraction-harness';

// What the worker reads from each kind of file it takes: PDF text, scans by OCR, forwarded mail.
describe('document extraction (tracker-worker)', () => {
  const harness = DocumentExtractionHarness.forTests();
  let accountId: string;

  beforeEach(async () => {
    accountId = (await createAccount(harness.db.dataSource)).id;
  });

  it('reads a text bill of lading and links it to the shipment and containers the account follows', async () => {
    const { db } = harness;
    const sample = SAMPLE_BILL_OF_LADING;
    const shipment = await createShipment(db.dataSource, accountId, {
      bill_of_lading_number: sample.billOfLading,
      normalized_number: sample.billOfLading.slice(4),
    });
    const followed = await Promise.all(
      sample.containers.slice(0, 2).map((number) => createContainer(db.dataSource, accountId, { shipment_id: shipment.id, number })),
    );
    const job = await harness.upload(accountId, 'bl.pdf', 'pdf', await billOfLadingPdf());

    await expect(harness.extract(job)).resolves.toBe('extracted');

    const document = await harness.documentRow(job.documentId);
    expect(document).toMatchObject({
      extraction_status: 'extracted',
      extraction_error: null,
      document_type: 'bill_of_lading',
      shipment_ids: [shipment.id],
      extraction_lease_id: null,
    });
    expect([...document.container_ids].sort()).toEqual(followed.map((c) => c.id).sort());
    expect(document.classification_notes).toMatch(/bill of lading/);
    const [representation, ...others] = await harness.representations(job.documentId);
    expect(others).toEqual([]);
    expect(document.last_document_representation_id).toBe(representation!.id);
    expect(representation!.schema_version).toBe('bill_of_lading@2026-11-01');
    const payload = representation!.payload;
    expect(values(payload['bill_of_lading_numbers'])).toEqual([sample.billOfLading]);
    expect(values(payload['container_numbers'])).toEqual(sample.containers);
    expect(payload).toMatchObject({
      scac: { value: 'MAEU' },
      vessel: { value: sample.vessel, page: 1 },
      voyage: { value: sample.voyage },
      port_of_loading: { value: 'YANTIAN' },
      port_of_discharge: { value: 'LOS ANGELES' },
      dates: expect.arrayContaining([
        expect.objectContaining({ kind: 'shipped_on_board', value: '2026-11-05' }),
        expect.objectContaining({ kind: 'issued', value: '2026-11-05' }),
      ]) as unknown,
    });
    // Not asked for, and the bill of lading is followed already: no tracking request.
    expect(await db.dataSource.getRepository(TrackingRequestEntity).countBy({ account_id: accountId })).toBe(0);
    const [event] = await harness.events(job.documentId);
    expect(event).toMatchObject({
      name: 'document.extracted',
      reference_object_type: 'document',
      shipment_id: shipment.id,
      account_id: accountId,
    });
    expect(await harness.outboxRows('fan-out', 'eventId', event!.id)).toHaveLength(1);
    expect((await harness.outboxRow(job.outboxId)).completed_at).not.toBeNull();
  });

  // OCR takes seconds on a loaded machine: one small image, a generous timeout, no timing assertion.
  it('reads the bill of lading page scanned to a PNG by OCR', async () => {
    const job = await harness.upload(accountId, 'scan.png', 'png', await pageAsPng(await billOfLadingPdf()));

    await expect(harness.extract(job)).resolves.toBe('extracted');

    const document = await harness.documentRow(job.documentId);
    expect(document.document_type).toBe('bill_of_lading');
    expect(document.classification_notes).toMatch(/1 page\(s\) read by OCR/);
    const [representation] = await harness.representations(job.documentId);
    expect(values(representation!.payload['bill_of_lading_numbers'])).toEqual([SAMPLE_BILL_OF_LADING.billOfLading]);
    expect(values(representation!.payload['container_numbers'])).toEqual(SAMPLE_BILL_OF_LADING.containers);
  }, 180_000);

  it('renders a scanned PDF page (no text layer) and reads it by OCR', async () => {
    const job = await harness.upload(accountId, 'scan.pdf', 'pdf', await scannedPdf(await pageAsPng(await billOfLadingPdf())));

    await expect(harness.extract(job)).resolves.toBe('extracted');

    expect((await harness.documentRow(job.documentId)).classification_notes).toMatch(/1 page\(s\) read by OCR/);
    const [representation] = await harness.representations(job.documentId);
    expect(values(representation!.payload['container_numbers'])).toEqual(SAMPLE_BILL_OF_LADING.containers);
  }, 180_000);

  it('reads a TIFF scan by OCR (decoded to PNG first: Tesseract in WebAssembly reads no TIFF)', async () => {
    const png = await loadImage(await pageAsPng(await billOfLadingPdf()));
    const canvas = createCanvas(png.width, png.height);
    const context = canvas.getContext('2d');
    context.drawImage(png, 0, 0);
    const rgba = new Uint8Array(context.getImageData(0, 0, png.width, png.height).data.buffer);
    const job = await harness.upload(accountId, 'scan.tiff', 'tiff', Buffer.from(UTIF.encodeImage(rgba, png.width, png.height)));

    await expect(harness.extract(job)).resolves.toBe('extracted');

    const [representation] = await harness.representations(job.documentId);
    expect(values(representation!.payload['container_numbers'])).toEqual(SAMPLE_BILL_OF_LADING.containers);
  }, 180_000);

  it('reads a forwarded .eml by its body and both attached PDFs', async () => {
    const noticeContainers = [containerNumber('MRKU', '770011')];
    const mail = emailWithAttachments('Docs for MAEU260123456', 'Please find the B/L and the arrival notice attached.', [
      { fileName: 'bl.pdf', contentType: 'application/pdf', bytes: await billOfLadingPdf() },
      { fileName: 'notice.pdf', contentType: 'application/pdf', bytes: await arrivalNoticePdf('MAEU260555555', noticeContainers) },
    ]);
    const job = await harness.upload(accountId, 'fwd.eml', 'eml', mail);

    await expect(harness.extract(job)).resolves.toBe('extracted');

    const [representation] = await harness.representations(job.documentId);
    expect(values(representation!.payload['bill_of_lading_numbers'])).toEqual(['MAEU260123456', 'MAEU260555555']);
    expect(values(representation!.payload['container_numbers'])).toEqual([...SAMPLE_BILL_OF_LADING.containers, ...noticeContainers]);
    expect((representation!.payload['bill_of_lading_numbers'] as Array<{ page: number }>).map((f) => f.page)).toEqual([2, 3]);
  });
});
