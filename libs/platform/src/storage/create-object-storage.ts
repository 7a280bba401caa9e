import { LocalObjectStorage } from './local-object-storage';
import type { LocalStorageOptions } from './local-object-storage';
import type { ObjectStorage } from './object-storage';
import { S3ObjectStorage } from './s3-object-storage';
import type { S3StorageOptions } from './s3-object-storage';

export type StorageOptions = ({ driver: 'local' } & LocalStorageOptions) | ({ driver: 's3' } & S3StorageOptions);

/** The configured store (docs/documents.md "Storage"). */
export function createObjectStorage(options: StorageOptions): ObjectStorage {
  switch (options.driver) {
    case 'local':
      return new LocalObjectStorage(options);
    case 's3':
      return new S3ObjectStorage(options);
  }
}
