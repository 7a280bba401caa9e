import type { DocumentStoreSettings } from '../config/document-store.settings';
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

/** The STORAGE_* settings as each app's configuration validates them (docs/documents.md "Storage"). */
export type StorageSettings = Pick<DocumentStoreSettings, Extract<keyof DocumentStoreSettings, `STORAGE_${string}`>>;

/** The store an app's settings choose; `local` says how its download URLs are made and signed. */
export function objectStorageFromSettings(settings: StorageSettings, local: Omit<LocalStorageOptions, 'directory'>): ObjectStorage {
  return settings.STORAGE_DRIVER === 's3'
    ? createObjectStorage({
        driver: 's3',
        bucket: settings.STORAGE_S3_BUCKET,
        region: settings.STORAGE_S3_REGION,
        endpoint: settings.STORAGE_S3_ENDPOINT,
        forcePathStyle: settings.STORAGE_S3_FORCE_PATH_STYLE === 'true',
        accessKeyId: settings.STORAGE_S3_ACCESS_KEY_ID,
        secretAccessKey: settings.STORAGE_S3_SECRET_ACCESS_KEY,
      })
    : createObjectStorage({ driver: 'local', directory: settings.STORAGE_LOCAL_DIR, ...local });
}
