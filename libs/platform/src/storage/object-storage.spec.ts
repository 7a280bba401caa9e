import { assertStorageKey } from './object-storage';
import { S3ObjectStorage } from './s3-object-storage';

describe('storage keys', () => {
  it.each(['documents/abc', 'documents/0f0e/original.pdf', 'uploads/x_y-z'])('%s is accepted', (key) => {
    expect(() => assertStorageKey(key)).not.toThrow();
  });

  it.each(['', '/etc/passwd', '../secret', 'documents/../../x', 'documents//x', 'documents/./x', 'a b', 'documents/x\0'])('%j is refused', (key) => {
    expect(() => assertStorageKey(key)).toThrow('Invalid storage key');
  });
});

describe('S3-compatible download URLs', () => {
  it('are presigned for the configured endpoint, path style, with the expiry and file name', async () => {
    const storage = new S3ObjectStorage({
      bucket: 'docs',
      region: 'us-east-1',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    });
    const url = new URL(await storage.signedDownloadUrl('documents/abc', { fileName: 'bl.pdf', contentType: 'application/pdf', expiresInSeconds: 300 }));
    storage.destroy();
    expect(`${url.origin}${url.pathname}`).toBe('http://minio.internal:9000/docs/documents/abc');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toBe(`attachment; filename="bl.pdf"; filename*=UTF-8''bl.pdf`);
  });
});
