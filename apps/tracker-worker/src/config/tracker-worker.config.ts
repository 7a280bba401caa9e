import { DEFAULT_REFRESH_CADENCE, parseRefreshCadence } from '@quayside/domain';
import type { RefreshCadence } from '@quayside/domain';
import { withDocumentStoreSettings, WorkerAppConfig } from '@quayside/platform';
import { IsInt, IsNumber, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateBy, ValidateIf } from 'class-validator';
import type { ValidationArguments } from 'class-validator';

/**
 * What a reader process takes (docs/documents.md "Memory of a reader"): with its OCR engine
 * loaded and before any page, about 375 MB run from source; then, for the one page it decodes at
 * a time, at most about 20 bytes a pixel (a TIFF page: its decoded samples and their RGBA copy,
 * the canvas they are drawn on and its PNG, then Tesseract's own copies in WebAssembly memory;
 * a PNG or JPEG read by OCR alone about 12, a PDF page rendered then read about 17). Measured
 * with pidusage every 50 ms around one read of pages of 12 and 16 megapixels; the base is rounded
 * up for what a loaded machine adds.
 */
const READER_BASE_MB = 400;
const READER_BYTES_PER_PIXEL = 20;
const MB = 1024 * 1024;

/** The largest pixel budget a reader of `maxRssMb` reads without being killed for its memory. */
function pixelsFitting(maxRssMb: number): number {
  return Math.max(0, Math.floor(((maxRssMb - READER_BASE_MB) * MB) / READER_BYTES_PER_PIXEL));
}

/** The reader memory a page of `pixels` needs at most. */
function readerMbFor(pixels: number): number {
  return Math.ceil(READER_BASE_MB + (pixels * READER_BYTES_PER_PIXEL) / MB);
}

/**
 * What fetching a file from storage and recording its result may take on top of reading it:
 * the lease must outlast all three, or a second worker claims a document still being read.
 */
const LEASE_MARGIN_MS = 10_000;

/** The most DCSA_PUSH_CONCURRENCY takes: the `apply-dcsa-push` handler's Bull concurrency, which the setting bounds below. */
export const DCSA_PUSH_MAX_CONCURRENCY = 32;

/** Everything the tracker-worker process reads from its environment, validated once at boot. */
export class TrackerWorkerConfig extends withDocumentStoreSettings(WorkerAppConfig) {
  /**
   * Carrier, terminal and rail adapters as JSON (`{"carriers":[...],"terminals":[...],"rail":[...]}`,
   * see `AdapterRegistryConfig` in libs/carriers). Unset: the sandbox carrier, terminals and rail
   * carrier only, so the service runs offline.
   */
  @IsOptional()
  @IsString()
  CARRIERS_CONFIG?: string;

  /** The same JSON read from a file (wins over CARRIERS_CONFIG); keeps credentials out of the environment. */
  @IsOptional()
  @IsString()
  CARRIERS_CONFIG_FILE?: string;

  /**
   * Sandbox scenario days per real day. 1 plays in real time; `npm start` sets 17280 (a day in
   * five seconds). Sandbox shipments also get their refresh cadence, retry backoff and stop
   * windows divided by it, so a whole lifecycle plays at that speed.
   */
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.001)
  @Max(10_000_000)
  SANDBOX_CLOCK_COMPRESSION: number = 1;

  /**
   * How often an active shipment is asked for again (before jitter) while nothing is known of its
   * containers (the cadence phase `unknown`); the other phases follow REFRESH_CADENCE.
   */
  @IsInt()
  @Min(60)
  @Max(7 * 24 * 3600)
  REFRESH_INTERVAL_SECONDS: number = 3 * 3600;

  /**
   * The refresh interval per journey phase, as `phase=seconds` pairs separated by commas; the
   * phases not named keep the default table (docs/tracking-requests.md, "Refresh cadence").
   */
  @IsString()
  @ValidateBy({
    name: 'refreshCadence',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && cadenceProblem(value) === null,
      defaultMessage: (args?: ValidationArguments) => `REFRESH_CADENCE: ${cadenceProblem(String(args?.value)) ?? 'must be a string'}`,
    },
  })
  REFRESH_CADENCE: string = '';

  /** Each refresh lands at a random point in ±this share of the interval, so shipments never refresh in step. */
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(0.5)
  REFRESH_JITTER_RATIO: number = 0.2;

  /** Floor of a compressed sandbox cadence, so a demo does not spin. */
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  REFRESH_MIN_INTERVAL_MS: number = 2000;

  /**
   * How long a refresh may ask the carrier, terminal and rail before another refresh of the same
   * physical shipment may start. Longer than the slowest adapter's timeouts together; a worker
   * that dies holding a lease delays the next refresh of that shipment by at most this.
   */
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  REFRESH_LEASE_MS: number = 120_000;

  /** Routine refreshes of one carrier that fall due together are fetched together and applied in one transaction, this many at most. */
  @IsInt()
  @Min(1)
  @Max(1000)
  REFRESH_BATCH_SIZE: number = 50;

  /**
   * Pushed DCSA 3.0 changes this process applies in one transaction at most, two such batches at
   * once, on the `dcsa-push` queue of their own (docs/dcsa.md, "Carriers that push"): apart from
   * the scheduled refreshes' slots on the `tracker` queue, so a burst of pushes neither waits
   * behind routine polls nor starves them.
   */
  @IsInt()
  @Min(1)
  @Max(DCSA_PUSH_MAX_CONCURRENCY)
  DCSA_PUSH_CONCURRENCY: number = 8;

  /** How often the repeatable `schedule-refreshes` tick looks for due shipments. */
  @IsInt()
  @Min(200)
  @Max(3_600_000)
  SCHEDULER_TICK_MS: number = 5000;

  /** Shipments claimed per tick at most; the rest wait for the next tick. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  SCHEDULER_BATCH_SIZE: number = 500;

  /**
   * Retention (docs/deploy.md "Retention"), in days; 0 keeps for ever. Settled webhook
   * notifications (delivered or given up; a pending one is kept whatever its age).
   */
  @IsInt()
  @Min(0)
  @Max(36_500)
  RETENTION_WEBHOOK_NOTIFICATIONS_DAYS: number = 90;

  /**
   * Events (`GET /events`, the payload of notifications). Deleting an event takes its
   * notifications with it, so it is kept at least as long as they are.
   */
  @IsInt()
  @Min(0)
  @Max(36_500)
  @ValidateBy({
    name: 'eventsOutliveNotifications',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const notifications = (args?.object as TrackerWorkerConfig | undefined)?.RETENTION_WEBHOOK_NOTIFICATIONS_DAYS ?? 0;
        return value === 0 || (typeof value === 'number' && notifications !== 0 && value >= notifications);
      },
      defaultMessage: () =>
        'RETENTION_EVENTS_DAYS must be 0 (keep) or at least RETENTION_WEBHOOK_NOTIFICATIONS_DAYS (and that not 0): ' +
        'deleting an event deletes its webhook notifications',
    },
  })
  RETENTION_EVENTS_DAYS: number = 90;

  /** What the sources said (`GET /containers/{id}/raw_events`). */
  @IsInt()
  @Min(0)
  @Max(36_500)
  RETENTION_RAW_EVENTS_DAYS: number = 90;

  /**
   * Shipments whose tracking stopped this long ago, with their containers and milestones. A
   * shipment still tracked is never removed. Kept for ever by default: they are the account's record.
   */
  @IsInt()
  @Min(0)
  @Max(36_500)
  RETENTION_STOPPED_SHIPMENTS_DAYS: number = 0;

  /** Documents (rows and stored files), counted from their upload. Kept for ever by default. */
  @IsInt()
  @Min(0)
  @Max(36_500)
  RETENTION_DOCUMENTS_DAYS: number = 0;

  /**
   * Events DCSA 3.0 carriers pushed, counted from their arrival, once they name no number still
   * asked (a shipment kept or an open tracking request); one still named is kept whatever its age.
   */
  @IsInt()
  @Min(0)
  @Max(36_500)
  RETENTION_DCSA_PUSHED_EVENTS_DAYS: number = 90;

  /** How often the retention job runs (one run for the whole deployment at a time). */
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  RETENTION_TICK_MS: number = 600_000;

  /** Rows deleted per statement; each batch is its own short transaction. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  RETENTION_BATCH_SIZE: number = 1000;

  /** Batches per kind and run at most, so one run never holds the worker long; the rest waits for the next run. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  RETENTION_MAX_BATCHES: number = 100;

  /**
   * A configured source that has failed every call for this long is down: the operator is told
   * once per outage (a warn log line and OPERATOR_WEBHOOK_URL; docs/carriers.md, "Source health").
   */
  @IsInt()
  @Min(10)
  @Max(7 * 24 * 3600)
  SOURCE_DOWN_AFTER_SECONDS: number = 1800;

  /** How often each worker looks for sources gone down or back (one claim per notice across the fleet). */
  @IsInt()
  @Min(200)
  @Max(3_600_000)
  SOURCE_HEALTH_CHECK_MS: number = 30_000;

  /** Where a source's outage and recovery are POSTed (JSON, signed like webhooks); unset: the log line only. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/\S*)?$/, { message: 'OPERATOR_WEBHOOK_URL must be an http(s) address' })
  OPERATOR_WEBHOOK_URL?: string;

  /** Key of the operator notifications' signatures (webhook-signature, x-t49-webhook-signature); required with OPERATOR_WEBHOOK_URL. */
  @ValidateIf((config: TrackerWorkerConfig) => config.OPERATOR_WEBHOOK_URL !== undefined)
  @IsString()
  @MinLength(16, { message: 'OPERATOR_WEBHOOK_SECRET (16 characters or more) is required with OPERATOR_WEBHOOK_URL' })
  OPERATOR_WEBHOOK_SECRET: string = '';

  /**
   * How long a worker holds a document it extracts. At least DOCUMENT_READ_TIMEOUT_MS and ten
   * seconds more (fetching the file, recording the result), checked at boot: a shorter lease would
   * end while the document is still being read and let a second worker claim it. A worker that
   * dies mid-extraction delays that document by at most this.
   */
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  @ValidateBy({
    name: 'outlastsTheRead',
    validator: {
      validate: (value: unknown, args) =>
        typeof value === 'number' && value >= (args?.object as TrackerWorkerConfig).DOCUMENT_READ_TIMEOUT_MS + LEASE_MARGIN_MS,
      defaultMessage: (args) => {
        const readMs = (args?.object as TrackerWorkerConfig).DOCUMENT_READ_TIMEOUT_MS;
        return (
          `DOCUMENT_EXTRACTION_LEASE_MS=${String(args?.value)} is shorter than a read may take: it must be at least ` +
          `DOCUMENT_READ_TIMEOUT_MS (${readMs}) + ${LEASE_MARGIN_MS} ms for fetching the file and recording the result, ` +
          `i.e. ${readMs + LEASE_MARGIN_MS}, or a second worker would claim a document still being read`
        );
      },
    },
  })
  DOCUMENT_EXTRACTION_LEASE_MS: number = 600_000;

  /** Claims of one document after which it is marked failed rather than tried again (a file that kills the worker every time). */
  @IsInt()
  @Min(1)
  @Max(100)
  DOCUMENT_EXTRACTION_MAX_ATTEMPTS: number = 3;

  /** Pages of one document read by OCR at most (each takes seconds); later scanned pages are left unread. */
  @IsInt()
  @Min(0)
  @Max(500)
  DOCUMENT_OCR_MAX_PAGES: number = 10;

  /** Documents read (decoded, OCR) at once by one worker, each in its own reader process. */
  @IsInt()
  @Min(1)
  @Max(4)
  DOCUMENT_READERS: number = 1;

  /** Longest one document may take to read; past it its reader process is killed and the attempt fails. */
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  DOCUMENT_READ_TIMEOUT_MS: number = 180_000;

  /**
   * Longest one page may take (decoding, rendering, OCR); past it the reader process is killed
   * and the attempt fails. At most DOCUMENT_READ_TIMEOUT_MS (checked at boot).
   */
  @IsInt()
  @Min(500)
  @Max(600_000)
  @ValidateBy({
    name: 'isAtMostReadTimeout',
    validator: {
      validate: (value: unknown, args) =>
        typeof value === 'number' && value <= (args?.object as TrackerWorkerConfig).DOCUMENT_READ_TIMEOUT_MS,
      defaultMessage: (args) =>
        `DOCUMENT_PAGE_TIMEOUT_MS=${String(args?.value)} must not be larger than DOCUMENT_READ_TIMEOUT_MS=${(args?.object as TrackerWorkerConfig).DOCUMENT_READ_TIMEOUT_MS} (a page is part of its document)`,
    },
  })
  DOCUMENT_PAGE_TIMEOUT_MS: number = 60_000;

  /**
   * Resident memory a reader process may use (its JavaScript heap, Tesseract's WebAssembly
   * memory, the canvas's pixels); past it the process is killed and the attempt fails. It must
   * hold a page of DOCUMENT_MAX_PIXELS (the pixel budget, shared with the api: checked here, at
   * boot, as a reader needs about 400 MB plus 20 bytes a pixel, so 12 MP fits the default 640 MB).
   * With one reader the worker (about 270 MB) and its reader stay under 1 GB together
   * (docs/documents.md "Memory of a reader").
   */
  @IsInt()
  @Min(128)
  @Max(16_384)
  @ValidateBy({
    name: 'holdsPixelBudget',
    validator: {
      validate: (value: unknown, args) =>
        typeof value === 'number' && (args?.object as TrackerWorkerConfig).DOCUMENT_MAX_PIXELS <= pixelsFitting(value),
      defaultMessage: (args) => {
        const pixels = (args?.object as TrackerWorkerConfig).DOCUMENT_MAX_PIXELS;
        const maxRssMb = Number(args?.value);
        return (
          `DOCUMENT_MAX_PIXELS=${pixels} does not fit DOCUMENT_READER_MAX_RSS_MB=${maxRssMb}: a reader needs about ` +
          `${READER_BASE_MB} MB + ${READER_BYTES_PER_PIXEL} bytes a pixel, ${readerMbFor(pixels)} MB for a page this large, and would be ` +
          `killed for its memory on every such page. Lower DOCUMENT_MAX_PIXELS to ${pixelsFitting(maxRssMb)} (and the api's with it) ` +
          `or raise DOCUMENT_READER_MAX_RSS_MB to ${readerMbFor(pixels)}`
        );
      },
    },
  })
  DOCUMENT_READER_MAX_RSS_MB: number = 640;

  /**
   * The resident memory a reader may have after a document and still be kept for the next: room
   * left under DOCUMENT_READER_MAX_RSS_MB for a page of DOCUMENT_MAX_PIXELS (20 bytes a pixel).
   * At least the 400 MB base wherever the budget fits (checked above), so a reader that read
   * ordinary pages by OCR (about 370 MB) is kept, and one whose WebAssembly memory grew with a
   * large page (it never shrinks) is retired before it would be killed on the next.
   */
  get readerKeepMb(): number {
    return this.DOCUMENT_READER_MAX_RSS_MB - (this.DOCUMENT_MAX_PIXELS * READER_BYTES_PER_PIXEL) / MB;
  }

  /** The cadence table: the defaults, `unknown` from REFRESH_INTERVAL_SECONDS, then REFRESH_CADENCE. */
  get refreshCadence(): RefreshCadence {
    return parseRefreshCadence(this.REFRESH_CADENCE, { ...DEFAULT_REFRESH_CADENCE, unknown: this.REFRESH_INTERVAL_SECONDS });
  }
}

function cadenceProblem(text: string): string | null {
  try {
    parseRefreshCadence(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
