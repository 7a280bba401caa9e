import { webcrypto } from 'node:crypto';
import fc from 'fast-check';
import { generateWebhookSecret, signWebhook } from './webhook-signature';

/** The published test vector of docs/webhooks.md (values computed with `openssl dgst`). */
const TEST_VECTOR = {
  secret: 'whk_test_3f9a1c2e7b4d6058',
  id: '6f1c9a7e-2b1d-4c7e-9f3a-0d5e8b2a4c61',
  timestamp: 1786700000,
  body: '{"data":{"id":"6f1c9a7e-2b1d-4c7e-9f3a-0d5e8b2a4c61","type":"webhook_notification","attributes":{"event":"container.transport.vessel_arrived"}}}',
  t49: 'b9b23c3b90a798d7e5e44937eec6c6f38b2d19d03fb56b4f9da53e0529903f72',
  standard: 'v1,WA7UGPBPZOmbc9hlPtINIRnF3ctWDlwZXdxxb2HH0Jo=',
};

/** A receiver's verification written from the documentation alone, on WebCrypto rather than node:crypto's Hmac. */
async function receiverVerifies(secret: string, headers: Record<string, string>, body: string): Promise<boolean> {
  const key = await webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const sign = async (text: string) => Buffer.from(await webcrypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  const hex = (await sign(body)).toString('hex');
  const standard = `v1,${(await sign(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)).toString('base64')}`;
  return hex === headers['x-t49-webhook-signature'] && headers['webhook-signature']!.split(' ').includes(standard);
}

describe('webhook signatures', () => {
  it('reproduces the published test vector', () => {
    const headers = signWebhook(TEST_VECTOR);
    expect(headers).toEqual({
      'x-t49-webhook-signature': TEST_VECTOR.t49,
      'webhook-id': TEST_VECTOR.id,
      'webhook-timestamp': '1786700000',
      'webhook-signature': TEST_VECTOR.standard,
    });
  });

  it('verifies with an independent implementation of the documented algorithm, for any secret and body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }),
        fc.uuid(),
        fc.integer({ min: 0, max: 2 ** 32 }),
        fc.json(),
        async (secret, id, timestamp, body) => {
          expect(await receiverVerifies(secret, { ...signWebhook({ secret, id, timestamp, body }) }, body)).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('fails verification when one byte of the body changes', async () => {
    const headers = signWebhook(TEST_VECTOR);
    expect(await receiverVerifies(TEST_VECTOR.secret, { ...headers }, TEST_VECTOR.body.replace('arrived', 'arrivee'))).toBe(false);
  });

  it('the whsec_ form docs/webhooks.md gives is "whsec_" + base64 of the secret bytes', () => {
    expect(`whsec_${Buffer.from(TEST_VECTOR.secret, 'utf8').toString('base64')}`).toBe('whsec_d2hrX3Rlc3RfM2Y5YTFjMmU3YjRkNjA1OA==');
  });

  it('generates distinct 64-hex-character secrets', () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(generateWebhookSecret()).not.toBe(a);
  });
});
