/** How a signed download should present the file to the browser. */
export interface DownloadUrlOptions {
  fileName: string;
  contentType: string;
  expiresInSeconds: number;
}

/**
 * Where document bytes live (docs/documents.md "Storage"): the local filesystem by default, any
 * S3-compatible object store by configuration. Keys are chosen by the caller (`documents/<id>`);
 * a `put` is all or nothing, a `delete` of a missing key is not an error.
 */
export abstract class ObjectStorage {
  abstract put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or `null` when nothing is stored there. */
  abstract get(key: string): Promise<Buffer | null>;
  abstract delete(key: string): Promise<void>;
  /** A URL that serves the bytes without an API key until it expires. */
  abstract signedDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string>;
}

/** Keys are plain relative paths: letters, digits, `-`, `_`, `.` and `/`, never `..` nor a leading `/`. */
export function assertStorageKey(key: string): void {
  if (
    !/^[A-Za-z0-9_-][A-Za-z0-9_./-]*$/.test(key) ||
    key.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')
  ) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
