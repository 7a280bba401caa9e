import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
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

/**
 * The AWS SDK (some 300 modules) is loaded with the first call, not at boot: every app builds
 * its store at start, and one on local storage never needs it (docs/architecture.md, "Memory").
 */
const sdk = (): Promise<typeof S3Sdk> => import('@aws-sdk/client-s3');

/** Any S3-compatible object store; download URLs are the store's own presigned GET URLs. */
export class S3ObjectStorage extends ObjectStorage {
  private client: Promise<S3Client> | null = null;

  constructor(private readonly options: S3StorageOptions) {
    super();
  }

  private s3(): Promise<S3Client> {
    const { options } = this;
    this.client ??= sdk().then(
      ({ S3Client: Client }) =>
        new Client({
          region: options.region,
          forcePathStyle: options.forcePathStyle,
          ...(options.endpoint !== '' ? { endpoint: options.endpoint } : {}),
          ...(options.accessKeyId !== '' ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
        }),
    );
    return this.client;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    // A single PutObject is atomic on S3: the object appears whole or not at all.
    const [{ PutObjectCommand }, client] = await Promise.all([sdk(), this.s3()]);
    await client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<Buffer | null> {
    assertStorageKey(key);
    const [{ GetObjectCommand, NoSuchKey }, client] = await Promise.all([sdk(), this.s3()]);
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    const [{ DeleteObjectCommand }, client] = await Promise.all([sdk(), this.s3()]);
    await client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async signedDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    assertStorageKey(key);
    const [{ GetObjectCommand }, { getSignedUrl }, client] = await Promise.all([sdk(), import('@aws-sdk/s3-request-presigner'), this.s3()]);
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: contentDisposition(options.fileName),
    });
    return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
  }

  destroy(): void {
    // A client never made holds no sockets; one being made is closed once it exists.
    void this.client?.then(
      (client) => client.destroy(),
      () => undefined,
    );
  }
}
