import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalObjectStorage } from './local-object-storage';
import { verifyDownload } from './url-signature';

describe('local object storage', () => {
  let directory: string;
  let storage: LocalObjectStorage;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'quayside-storage-'));
    storage = new LocalObjectStorage({ directory, downloadBaseUrl: 'http://127.0.0.1:3000/v2/document_files', signingSecret: 'secret' });
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('stores, reads back and deletes bytes, leaving no temporary file', async () => {
    await storage.put('documents/a/original', Buffer.from('%PDF-1.7 bytes'), 'application/pdf');
    expect((await storage.get('documents/a/original'))?.toString()).toBe('%PDF-1.7 bytes');
    expect(await readdir(join(directory, 'documents/a'))).toEqual(['original']);
    await storage.delete('documents/a/original');
    expect(await storage.get('documents/a/original')).toBeNull();
    await expect(storage.delete('documents/a/original')).resolves.toBeUndefined();
  });

  it('never writes outside its directory', async () => {
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid storage key');
    expect(await readdir(directory)).toEqual([]);
  });

  it('signs download URLs that verify until they expire', async () => {
    const url = new URL(
      await storage.signedDownloadUrl('documents/a/original', { fileName: 'bl.pdf', contentType: 'application/pdf', expiresInSeconds: 60 }),
    );
    const params = url.searchParams;
    const expires = Number(params.get('expires'));
    const signed = { key: params.get('key')!, expires, fileName: params.get('filename')!, contentType: params.get('content_type')! };
    expect(signed).toEqual({ key: 'documents/a/original', expires, fileName: 'bl.pdf', contentType: 'application/pdf' });
    expect(verifyDownload('secret', signed, params.get('signature')!, expires - 1)).toBe('valid');
    expect(verifyDownload('secret', signed, params.get('signature')!, expires + 1)).toBe('expired');
  });
});
