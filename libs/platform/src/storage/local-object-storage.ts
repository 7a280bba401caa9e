import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { DownloadUrlOptions } from './object-storage';
import { assertStorageKey, ObjectStorage } from './object-storage';
import { signDownload } from './url-signature';

export interface LocalStorageOptions {
  /** Directory that holds every stored file (created when missing). */
  directory: string;
  /** Base of download URLs, e.g. `https://quayside.example.com/v2/document_files`. */
  downloadBaseUrl: string;
  signingSecret: string;
}

/**
 * Files under one directory. A put writes a temporary file beside the target and renames it, so a
 * reader never sees half a file and a crash leaves at most a `.tmp-*` file behind. Download URLs
 * point back at the api, which checks their HMAC signature and expiry (docs/documents.md).
 */
export class LocalObjectStorage extends ObjectStorage {
  private readonly root: string;

  constructor(private readonly options: LocalStorageOptions) {
    super();
    this.root = resolve(options.directory);
  }

  private path(key: string): string {
    assertStorageKey(key);
    return join(this.root, key);
  }

  // The content type is given again with each signed URL, so a plain file needs none stored.
  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.tmp-${randomUUID()}`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async signedDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    assertStorageKey(key);
    const expires = Math.floor(Date.now() / 1000) + options.expiresInSeconds;
    const signed = { key, expires, fileName: options.fileName, contentType: options.contentType };
    const query = new URLSearchParams({
      key,
      expires: String(expires),
      filename: options.fileName,
      content_type: options.contentType,
      signature: signDownload(this.options.signingSecret, signed),
    });
    return Promise.resolve(`${this.options.downloadBaseUrl}?${query.toString()}`);
  }
}
