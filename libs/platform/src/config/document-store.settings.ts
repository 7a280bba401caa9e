import { IsIn, IsInt, IsString, Max, Min, MinLength } from 'class-validator';

// TypeScript's rule for mixin classes (TS2545): the base's constructor takes any arguments.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ConfigClass = new (...args: any[]) => object;

/**
 * The settings the api (which stores and checks documents) and the tracker-worker (which reads
 * them) must mean alike — where document bytes are kept (docs/documents.md "Storage"), how much
 * mail may nest and hold, and how many pixels may be decoded — declared once and mixed into both
 * configurations, whose base classes differ (the worker's adds its ops server).
 */
export function withDocumentStoreSettings<TBase extends ConfigClass>(Base: TBase) {
  class DocumentStoreSettings extends Base {
    /** Where document bytes are kept: `local` (a directory, nothing else to run) or `s3` (any S3-compatible store). */
    @IsIn(['local', 's3'])
    STORAGE_DRIVER: 'local' | 's3' = 'local';

    /** Directory of the `local` driver; created when missing. */
    @IsString()
    @MinLength(1)
    STORAGE_LOCAL_DIR: string = './data/documents';

    @IsString()
    STORAGE_S3_BUCKET: string = '';

    @IsString()
    STORAGE_S3_REGION: string = 'us-east-1';

    /** e.g. `http://127.0.0.1:9000` for MinIO; empty for AWS S3 itself. */
    @IsString()
    STORAGE_S3_ENDPOINT: string = '';

    @IsIn(['true', 'false'])
    STORAGE_S3_FORCE_PATH_STYLE: 'true' | 'false' = 'true';

    /** Empty: the AWS SDK's own credential chain (environment, profile, instance role). */
    @IsString()
    STORAGE_S3_ACCESS_KEY_ID: string = '';

    @IsString()
    STORAGE_S3_SECRET_ACCESS_KEY: string = '';

    /**
     * How deep mail attached to mail is opened (1: attached mail is refused): deeper answers 422
     * `too_large` at the api; the tracker-worker leaves deeper mail unread.
     */
    @IsInt()
    @Min(1)
    @Max(10)
    DOCUMENT_MAX_EMAIL_DEPTH: number = 3;

    /**
     * Most attachments one mail (uploaded as `.eml` or sent to the SMTP listener) may hold, counting
     * those of mail attached to it at every depth. More answer 422 `too_large` (SMTP: 552); a stored
     * mail over it (stored before the limit was lowered) fails its extraction, naming the setting.
     * At most 500: mailparser refuses a message of more than 1,000 parts as unreadable anyway.
     */
    @IsInt()
    @Min(1)
    @Max(500)
    DOCUMENT_MAX_ATTACHMENTS: number = 20;

    /**
     * The pixel budget (docs/documents.md "Limits"): most pixels (width × height) anything decoded
     * may have — an image, every TIFF page, every image in a mail, every PDF page as rendered for
     * OCR (its box at 144 dpi). 12 MP holds an A4 or Letter page scanned at 400 dpi. The api answers
     * 422 `too_large` naming the page or attachment; the tracker-worker fails a document with a page
     * found over it only there (a file stored before the api checked it), and its readers' memory
     * must hold a page this large (DOCUMENT_READER_MAX_RSS_MB, checked at boot; docs/documents.md
     * "Memory of a reader"). Give both apps the same value: a page the api accepts and the worker
     * cannot read fails its extraction instead.
     */
    @IsInt()
    @Min(10_000)
    @Max(200_000_000)
    DOCUMENT_MAX_PIXELS: number = 12_000_000;
  }
  return DocumentStoreSettings;
}

/** The settings above, as a type (the STORAGE_* ones choose the document store: storage/create-object-storage.ts). */
export type DocumentStoreSettings = InstanceType<ReturnType<typeof withDocumentStoreSettings<new () => object>>>;
