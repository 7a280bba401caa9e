import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DownloadUrlOptions } from './object-storage';
import { assertStorageKey, ObjectStorage } from './object-storage';
import { contentDisposition } from './content-disposition';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For MinIO, Ceph and other S3-compatible stores; empty for AWS itself. */
  endpoint: string;
  /** Path-style URLs (`endpoint/bucket/key`), which most self-hosted stores need. */
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Any S3-compatible object store; download URLs are the store's own presigned GET URLs. */
export class S3ObjectStorage extends ObjectStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    super();
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint !== '' ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId !== '' ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    // A single PutObject is atomic on S3: the object appears whole or not at all.
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<Buffer | null> {
    assertStorageKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async signedDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    assertStorageKey(key);
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: contentDisposition(options.fileName),
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  destroy(): void {
    this.client.destroy();
  }
}
