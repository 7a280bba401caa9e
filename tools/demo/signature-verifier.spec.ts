import fc from 'fast-check';
import { signWebhook } from '@quayside/webhooks';
import { verifyWebhookSignatures } from './signature-verifier';

/** The published test vector of docs/webhooks.md. */
const VECTOR = {
  secret: 'whk_test_3f9a1c2e7b4d6058',
  id: '6f1c9a7e-2b1d-4c7e-9f3a-0d5e8b2a4c61',
  timestamp: 1786700000,
  body: '{"data":{"id":"6f1c9a7e-2b1d-4c7e-9f3a-0d5e8b2a4c61","type":"webhook_notification","attributes":{"event":"container.transport.vessel_arrived"}}}',
};
const HEADERS = {
  'x-t49-webhook-signature': 'b9b23c3b90a798d7e5e44937eec6c6f38b2d19d03fb56b4f9da53e0529903f72',
  'webhook-id': VECTOR.id,
  'webhook-timestamp': '1786700000',
  'webhook-signature': 'v1,WA7UGPBPZOmbc9hlPtINIRnF3ctWDlwZXdxxb2HH0Jo=',
};
const body = Buffer.from(VECTOR.body, 'utf8');
const NOW = VECTOR.timestamp + 10;

describe('verifyWebhookSignatures (the demo receiver)', () => {
  it('accepts the documented test vector', () => {
    expect(verifyWebhookSignatures(VECTOR.secret, HEADERS, body, NOW)).toEqual({ ok: true });
  });

  it.each<[string, Record<string, string | undefined>, Buffer, number, string]>([
    ['a changed body byte', HEADERS, Buffer.from(VECTOR.body.replace('arrived', 'arrivee')), NOW, 't49_signature_mismatch'],
    ['another secret', { ...HEADERS }, body, NOW, 't49_signature_mismatch'],
    ['a missing webhook-signature', { ...HEADERS, 'webhook-signature': undefined }, body, NOW, 'missing_header'],
    ['a missing X-T49 signature', { ...HEADERS, 'x-t49-webhook-signature': undefined }, body, NOW, 'missing_header'],
    ['a timestamp six minutes old', HEADERS, body, VECTOR.timestamp + 360, 'timestamp_out_of_tolerance'],
    ['a timestamp six minutes ahead', HEADERS, body, VECTOR.timestamp - 360, 'timestamp_out_of_tolerance'],
    ['a timestamp that is not a number', { ...HEADERS, 'webhook-timestamp': '1786700000.5' }, body, NOW, 'timestamp_out_of_tolerance'],
    [
      'a webhook-id swapped for another',
      { ...HEADERS, 'webhook-id': '00000000-0000-4000-8000-000000000000' },
      body,
      NOW,
      'webhook_signature_mismatch',
    ],
    [
      'a v1 signature of other bytes',
      { ...HEADERS, 'webhook-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' },
      body,
      NOW,
      'webhook_signature_mismatch',
    ],
  ])('rejects %s', (label, headers, raw, now, reason) => {
    const secret = label === 'another secret' ? 'whk_test_other' : VECTOR.secret;
    expect(verifyWebhookSignatures(secret, headers, raw, now)).toEqual({ ok: false, reason });
  });

  it.each([
    ['an upper-case hex X-T49 signature', { ...HEADERS, 'x-t49-webhook-signature': HEADERS['x-t49-webhook-signature'].toUpperCase() }],
    [
      'several space-separated signatures, one matching',
      { ...HEADERS, 'webhook-signature': `v1,bm9wZQ== ${HEADERS['webhook-signature']}` },
    ],
    ['headers given as arrays (node:http duplicates)', { ...HEADERS, 'webhook-id': [VECTOR.id] }],
  ])('accepts %s', (_label, headers) => {
    expect(verifyWebhookSignatures(VECTOR.secret, headers, body, NOW)).toEqual({ ok: true });
  });

  it('accepts whatever the service signs, for any secret, id and body (bytes, not parsed JSON)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.uuid(),
        fc.integer({ min: 0, max: 2 ** 32 }),
        fc.json(),
        (secret, id, timestamp, text) => {
          const headers = signWebhook({ secret, id, timestamp, body: text });
          expect(verifyWebhookSignatures(secret, { ...headers }, Buffer.from(text, 'utf8'), timestamp)).toEqual({ ok: true });
          expect(verifyWebhookSignatures(secret, { ...headers }, Buffer.from(`${text} `, 'utf8'), timestamp).ok).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });
});
