import { TrackingRequestEntity } from '@quayside/data-access';
import { arrivalNoticePdf, containerNumber, createAccount, serveCarriers } from '@quayside/testing';
import { DocumentExtractionHarness, fieldValues as values } from '../test/document-extraction-harness';

// The tracking requests a read document asks for: when the upload or the account says so, once, and
// only for lines a source of this server serves.
describe('document extraction asks for tracking requests (tracker-worker)', () => {
  const harness = DocumentExtractionHarness.forTests();
  let accountId: string;

  beforeEach(async () => {
    accountId = (await createAccount(harness.db.dataSource)).id;
  });

  const requestsOf = (account: string) => harness.db.dataSource.getRepository(TrackingRequestEntity).findBy({ account_id: account });
  const countOf = (account: string) => harness.db.dataSource.getRepository(TrackingRequestEntity).countBy({ account_id: account });

  it('creates a tracking request for the bill of lading of an arrival notice when the upload asks, once', async () => {
    const containers = [containerNumber('MRKU', '550011'), containerNumber('MRKU', '550022')];
    const job = await harness.upload(accountId, 'an.pdf', 'pdf', await arrivalNoticePdf('MAEU260987654', containers), true);

    await expect(harness.extract(job)).resolves.toBe('extracted');

    const document = await harness.documentRow(job.documentId);
    expect(document).toMatchObject({ document_type: 'arrival_notice', shipment_ids: [], container_ids: [] });
    const [representation] = await harness.representations(job.documentId);
    expect(values(representation!.payload['container_numbers'])).toEqual(containers);
    expect(representation!.payload['charges']).toEqual([
      expect.objectContaining({ value: { description: 'Terminal Handling Charge', currency: 'USD', amount: 450 } }),
      expect.objectContaining({ value: { description: 'Documentation Fee', currency: 'USD', amount: 75 } }),
    ]);
    const requests = await requestsOf(accountId);
    expect(requests).toEqual([
      expect.objectContaining({ request_number: 'MAEU260987654', request_type: 'bill_of_lading', scac: 'MAEU', status: 'pending' }),
    ]);
    expect(await harness.outboxRows('track-request', 'trackingRequestId', requests[0]!.id)).toHaveLength(1);
    expect((await harness.events(job.documentId))[0]!.payload).toMatchObject({
      tracking_request_ids: [requests[0]!.id],
      document_representation_id: representation!.id,
    });

    // Re-extracting asks nothing again: the number has an active request now.
    await expect(harness.extract(await harness.requestExtraction(document))).resolves.toBe('extracted');
    expect(await countOf(accountId)).toBe(1);
    expect(await harness.representations(job.documentId)).toHaveLength(2);
    expect((await harness.events(job.documentId)).map((e) => e.name)).toEqual(['document.extracted', 'document.extracted']);
  });

  it('creates tracking requests without the upload flag when the account setting asks', async () => {
    accountId = (await createAccount(harness.db.dataSource, { documents_create_tracking_requests: true })).id;
    const job = await harness.upload(
      accountId,
      'an.pdf',
      'pdf',
      await arrivalNoticePdf('MAEU260666666', [containerNumber('MRKU', '660011')]),
    );

    await expect(harness.extract(job)).resolves.toBe('extracted');

    const requests = await requestsOf(accountId);
    expect(requests.map((r) => [r.request_number, r.request_type])).toEqual([['MAEU260666666', 'bill_of_lading']]);
  });

  it('asks for no tracking request of a line no source of this server serves, and says why in the event', async () => {
    // The next worker starts without Maersk (the sample arrival notice names SCAC MAEU).
    await serveCarriers(harness.db.dataSource, []);
    try {
      accountId = (await createAccount(harness.db.dataSource, { documents_create_tracking_requests: true })).id;
      const job = await harness.upload(
        accountId,
        'an.pdf',
        'pdf',
        await arrivalNoticePdf('MAEU260777777', [containerNumber('MRKU', '770011')]),
      );

      await expect(harness.extract(job)).resolves.toBe('extracted');

      expect(await countOf(accountId)).toBe(0);
      const [event] = await harness.events(job.documentId);
      expect(event!.payload['tracking_requests_skipped']).toEqual({ MAEU260777777: 'line_not_configured MAEU' });
    } finally {
      await serveCarriers(harness.db.dataSource, ['MAEU']);
    }
  });
});
