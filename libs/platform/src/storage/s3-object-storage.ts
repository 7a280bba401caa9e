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

/** What the first call loads: the SDK's module and the one client made with it. */
interface LoadedSdk {
  sdk: typeof S3Sdk;
  client: S3Client;
}

/** Any S3-compatible object store; download URLs are the store's own presigned GET URLs. */
export class S3ObjectStorage extends ObjectStorage {
  /**
   * The AWS SDK and its dependencies are loaded with the first call, not at boot: every app builds
   * its store at start, and one on local storage never needs it (docs/architecture.md, "Memory").
   */
  private loaded: Promise<LoadedSdk> | null = null;

  constructor(private readonly options: S3StorageOptions) {
    super();
  }

  private s3(): Promise<LoadedSdk> {
    const { options } = this;
    this.loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        ...(options.endpoint !== '' ? { endpoint: options.endpoint } : {}),
        ...(options.accessKeyId !== ''
          ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
          : {}),
      }),
    }));
    return this.loaded;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    // A single PutObject is atomic on S3: the object appears whole or not at all.
    const {
      sdk: { PutObjectCommand },
      client,
    } = await this.s3();
    await client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<Buffer | null> {
    assertStorageKey(key);
    const {
      sdk: { GetObjectCommand, NoSuchKey },
      client,
    } = await this.s3();
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
    const {
      sdk: { DeleteObjectCommand },
      client,
    } = await this.s3();
    await client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async signedDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    assertStorageKey(key);
    const [
      {
        sdk: { GetObjectCommand },
        client,
      },
      { getSignedUrl },
    ] = await Promise.all([this.s3(), import('@aws-sdk/s3-request-presigner')]);
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
    void this.loaded?.then(
      ({ client }) => client.destroy(),
      () => undefined,
    );
  }
}
