import { objectStorageFromSettings } from './create-object-storage';
import type { StorageSettings } from './create-object-storage';
import { LocalObjectStorage } from './local-object-storage';
import { assertStorageKey } from './object-storage';
import { S3ObjectStorage } from './s3-object-storage';

describe('storage keys', () => {
  it.each(['documents/abc', 'documents/0f0e/original.pdf', 'uploads/x_y-z'])('%s is accepted', (key) => {
    expect(() => assertStorageKey(key)).not.toThrow();
  });

  it.each(['', '/etc/passwd', '../secret', 'documents/../../x', 'documents//x', 'documents/./x', 'a b', 'documents/x\0'])(
    '%j is refused',
    (key) => {
      expect(() => assertStorageKey(key)).toThrow('Invalid storage key');
    },
  );
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
    const url = new URL(
      await storage.signedDownloadUrl('documents/abc', { fileName: 'bl.pdf', contentType: 'application/pdf', expiresInSeconds: 300 }),
    );
    storage.destroy();
    expect(`${url.origin}${url.pathname}`).toBe('http://minio.internal:9000/docs/documents/abc');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toBe(`attachment; filename="bl.pdf"; filename*=UTF-8''bl.pdf`);
  });
});

describe('the store an app’s STORAGE_* settings choose', () => {
  const settings: StorageSettings = {
    STORAGE_DRIVER: 'local',
    STORAGE_LOCAL_DIR: '/var/lib/quayside/documents',
    STORAGE_S3_BUCKET: 'docs',
    STORAGE_S3_REGION: 'eu-west-1',
    STORAGE_S3_ENDPOINT: 'http://minio.internal:9000',
    STORAGE_S3_FORCE_PATH_STYLE: 'true',
    STORAGE_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
  };
  const local = { downloadBaseUrl: 'https://quayside.example.com/document_files', signingSecret: 'x'.repeat(32) };

  it.each([
    ['local', LocalObjectStorage],
    ['s3', S3ObjectStorage],
  ] as const)('%s', (driver, kind) => {
    expect(objectStorageFromSettings({ ...settings, STORAGE_DRIVER: driver }, local)).toBeInstanceOf(kind);
  });

  it('gives the local store the api’s download URLs', async () => {
    const url = await objectStorageFromSettings(settings, local).signedDownloadUrl('documents/a/b.pdf', {
      fileName: 'b.pdf',
      contentType: 'application/pdf',
      expiresInSeconds: 60,
    });
    expect(url.startsWith('https://quayside.example.com/document_files?')).toBe(true);
  });
});
