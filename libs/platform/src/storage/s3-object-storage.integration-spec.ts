import { S3TestServer } from '@quayside/testing';
import { S3ObjectStorage } from './s3-object-storage';

/** The S3 driver through the AWS SDK against an S3-compatible server (as with MinIO or Ceph). */
describe('S3-compatible object storage', () => {
  let server: S3TestServer;
  let storage: S3ObjectStorage;

  beforeAll(async () => {
    server = await S3TestServer.start();
    storage = new S3ObjectStorage({
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
  });

  afterAll(async () => {
    storage?.destroy();
    await server?.close();
  });

  it('stores, reads back and deletes a document’s bytes', async () => {
    const bytes = Buffer.from('%PDF-1.7\nbill of lading\n%%EOF\n');
    await storage.put('documents/acct/doc-1', bytes, 'application/pdf');
    expect(await storage.get('documents/acct/doc-1')).toEqual(bytes);

    await storage.delete('documents/acct/doc-1');
    expect(await storage.get('documents/acct/doc-1')).toBeNull();
  });

  it('answers null for a key that was never stored', async () => {
    expect(await storage.get('documents/acct/never')).toBeNull();
  });

  it('gives a presigned download URL that serves the bytes as an attachment with the file name', async () => {
    const bytes = Buffer.from('\x89PNG\r\n\x1a\nscan');
    await storage.put('documents/acct/doc-2', bytes, 'image/png');
    const url = await storage.signedDownloadUrl('documents/acct/doc-2', {
      fileName: 'arrival notice.png',
      contentType: 'image/png',
      expiresInSeconds: 60,
    });

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toContain('arrival notice.png');
  });

  it('refuses a key that could leave its folder before asking the store', async () => {
    await expect(storage.put('../outside', Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid storage key');
  });
});
