import { isIP } from 'node:net';
import { BaseAppConfig, withDocumentStoreSettings } from '@quayside/platform';
import { parseAllowList } from '@quayside/webhooks';
import type { WebhookUrlPolicy } from '@quayside/webhooks';
import type { VesselPositionsConfig } from '@quayside/carriers';
import { RATE_LIMIT_BUCKETS } from '../rate-limit/rate-limit-buckets';
import type { RateLimitBucketName } from '../rate-limit/rate-limit-buckets';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateBy, ValidateIf } from 'class-validator';

function commaList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** `{ "HLCU": "<token>" }` → connection (upper case) → token; null when malformed. */
function parsePushConnections(value: string): Map<string, string> | null {
  if (value.trim() === '') return new Map();
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const connections = new Map<string, string>();
  for (const [connection, token] of Object.entries(parsed as Record<string, unknown>)) {
    if (!/^[A-Za-z]{2,4}$/.test(connection) || typeof token !== 'string' || token.length < 16) return null;
    connections.set(connection.toUpperCase(), token);
  }
  return connections;
}

/** Everything the api process reads from its environment, validated once at boot. */
export class ApiConfig extends withDocumentStoreSettings(BaseAppConfig) {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  @IsString()
  HOST: string = '127.0.0.1';

  /** The address clients use, for `links` and the start banner (no trailing slash). */
  @IsString()
  PUBLIC_BASE_URL: string = '';

  /** Largest accepted request body in bytes; larger ones answer 413. */
  @IsInt()
  @Min(1024)
  @Max(10 * 1024 * 1024)
  BODY_LIMIT_BYTES: number = 1024 * 1024;

  /**
   * Longest a client may take to send a request's headers; past it the api answers 408 (JSON:API)
   * and closes the connection. At most HTTP_REQUEST_TIMEOUT_MS.
   */
  @IsInt()
  @Min(100)
  @Max(600_000)
  @ValidateBy({
    name: 'isAtMostRequestTimeout',
    validator: {
      validate: (value: unknown, args) => typeof value === 'number' && value <= (args?.object as ApiConfig).HTTP_REQUEST_TIMEOUT_MS,
      defaultMessage: () => 'HTTP_HEADERS_TIMEOUT_MS must not be larger than HTTP_REQUEST_TIMEOUT_MS',
    },
  })
  HTTP_HEADERS_TIMEOUT_MS: number = 20_000;

  /**
   * Longest a client may take to send a whole request, headers and body (a body shorter than its
   * Content-Length never finishes); past it the api answers 408 (JSON:API) where the client can
   * still read it, and closes the connection. Two minutes carry DOCUMENT_MAX_BYTES at about 2 Mbit/s.
   */
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  HTTP_REQUEST_TIMEOUT_MS: number = 120_000;

  /** How long an idle keep-alive connection is kept open between requests (longer than a load balancer's 60 s idle timeout). */
  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS: number = 72_000;

  /** Deepest nesting of objects and arrays accepted in a request body; deeper ones answer 400. */
  @IsInt()
  @Min(8)
  @Max(256)
  BODY_MAX_DEPTH: number = 32;

  /** Trust X-Forwarded-* from a reverse proxy in front of the api. */
  @IsIn(['true', 'false'])
  TRUST_PROXY: 'true' | 'false' = 'false';

  /**
   * How long an authenticated key is remembered by an api process (docs/architecture.md,
   * "Caches"): the longest a plan or feature change made in the database takes to apply. 0
   * looks every request's key up in the database.
   */
  @IsInt()
  @Min(0)
  @Max(300)
  AUTH_CACHE_TTL_SECONDS: number = 10;

  /** Length of the rolling rate-limit window (docs/rate-limits.md: 60 s); tests shorten it. */
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  RATE_LIMIT_WINDOW_MS: number = 60_000;

  /** Requests per window in the default bucket (docs/rate-limits.md: 100); raise only for a private deployment or a load test. */
  @IsInt()
  @Min(1)
  RATE_LIMIT_DEFAULT: number = RATE_LIMIT_BUCKETS.default;

  /** `POST /tracking_requests` per window (docs/rate-limits.md: 100). */
  @IsInt()
  @Min(1)
  RATE_LIMIT_CREATE_TRACKING_REQUEST: number = RATE_LIMIT_BUCKETS.create_tracking_request;

  /** `POST /tracking_requests/infer_number` per window (docs/rate-limits.md: 200). */
  @IsInt()
  @Min(1)
  RATE_LIMIT_INFER_NUMBER: number = RATE_LIMIT_BUCKETS.infer_number;

  /** `PATCH /containers/{id}/refresh` per window (docs/rate-limits.md: 10). */
  @IsInt()
  @Min(1)
  RATE_LIMIT_REFRESH: number = RATE_LIMIT_BUCKETS.refresh;

  /**
   * When Redis cannot be reached (the connection is down, not merely slow): `local` keeps each api
   * process to its share of every limit (RATE_LIMIT_API_PROCESSES), `closed` answers 503. Never
   * unlimited (docs/rate-limits.md).
   */
  @IsIn(['local', 'closed'], { message: 'RATE_LIMIT_FAIL_MODE must be local or closed (requests are never admitted unlimited)' })
  RATE_LIMIT_FAIL_MODE: 'local' | 'closed' = 'local';

  /**
   * The api processes (replicas) a deployment runs: while Redis cannot be reached each one admits
   * at most limit ÷ this per window, so the fleet stays near the limit.
   */
  @IsInt()
  @Min(1)
  @Max(10_000)
  RATE_LIMIT_API_PROCESSES: number = 1;

  /** Rate-limit checks one api process waits on at once; a request past them is shed with 503 and Retry-After. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  RATE_LIMIT_MAX_PENDING: number = 1000;

  /**
   * How long a rate-limit check waits for Redis's answer before its request is shed (503 with
   * Retry-After, never admitted). A slow answer is not an outage: on a busy machine the api
   * process is usually what is slow, so this is generous.
   */
  @IsInt()
  @Min(10)
  @Max(120_000)
  RATE_LIMIT_REDIS_TIMEOUT_MS: number = 10_000;

  /** `true` accepts http:// webhook URLs: local development only (same meaning as the dispatcher's). */
  @IsIn(['true', 'false'])
  WEBHOOK_ALLOW_HTTP: 'true' | 'false' = 'false';

  /** Host names, addresses or CIDR ranges exempt from the private-address check of webhook URLs, comma separated. */
  @IsString()
  @Matches(/^[A-Za-z0-9.:/\-_[\]\s,]*$/, {
    message: 'WEBHOOK_ALLOWED_HOSTS must be a comma-separated list of hosts, addresses or CIDR ranges',
  })
  WEBHOOK_ALLOWED_HOSTS: string = '';

  /** The addresses webhook deliveries leave from, comma separated, for `GET /v2/webhooks/ips`. */
  @ValidateBy({
    name: 'isIpList',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && commaList(value).every((entry) => isIP(entry) !== 0),
      defaultMessage: () => 'WEBHOOK_EGRESS_IPS must be a comma-separated list of IP addresses',
    },
  })
  WEBHOOK_EGRESS_IPS: string = '';

  /** Whole test delivery of `POST /v2/webhooks/trigger`: connect, send, answer. */
  @IsInt()
  @Min(100)
  @Max(60_000)
  WEBHOOK_TRIGGER_TIMEOUT_MS: number = 15_000;

  /**
   * Where vessel positions come from (docs/vessels-and-maps.md): `sandbox` answers for the sandbox
   * vessels only; `datalastic` adds Datalastic's AIS API for every other vessel (the sandbox
   * vessels stay with the sandbox).
   */
  @IsIn(['sandbox', 'datalastic'])
  VESSEL_POSITIONS: 'sandbox' | 'datalastic' = 'sandbox';

  /** Datalastic API key; required with `VESSEL_POSITIONS=datalastic`. */
  @ValidateIf((config: ApiConfig) => config.VESSEL_POSITIONS === 'datalastic')
  @IsString()
  @MinLength(8, { message: 'DATALASTIC_API_KEY is required with VESSEL_POSITIONS=datalastic' })
  DATALASTIC_API_KEY: string = '';

  @IsString()
  @Matches(/^https?:\/\/[^\s/]+(\/\S*)?$/, { message: 'DATALASTIC_BASE_URL must be an http(s) address' })
  DATALASTIC_BASE_URL: string = 'https://api.datalastic.com';

  /** Whole request to the position provider; slower answers count as no positions. */
  @IsInt()
  @Min(100)
  @Max(60_000)
  VESSEL_POSITIONS_TIMEOUT_MS: number = 10_000;

  get vesselPositions(): VesselPositionsConfig {
    return this.VESSEL_POSITIONS === 'datalastic'
      ? {
          kind: 'datalastic',
          baseUrl: this.DATALASTIC_BASE_URL,
          apiKey: this.DATALASTIC_API_KEY,
          timeoutMs: this.VESSEL_POSITIONS_TIMEOUT_MS,
        }
      : { kind: 'sandbox' };
  }

  /**
   * Opens the operator pages (queue dashboard at /admin/queues) and, when set, guards /metrics.
   * Unset: the dashboard is not served at all. Operators send `Authorization: Bearer <token>`,
   * or sign in to the dashboard with user `operator` and the token as password.
   */
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'OPERATOR_TOKEN must be at least 16 characters' })
  OPERATOR_TOKEN?: string;

  /** Signs upload and local download URLs; every api process must share it. Empty: a random one per boot (one process only). */
  @IsString()
  STORAGE_SIGNING_SECRET: string = '';

  /** Lifetime of `download_url` and of two-step upload URLs. */
  @IsInt()
  @Min(10)
  @Max(7 * 24 * 3600)
  DOCUMENT_URL_TTL_SECONDS: number = 300;

  /** Largest accepted document; larger uploads answer 413. */
  @IsInt()
  @Min(1024)
  @Max(512 * 1024 * 1024)
  DOCUMENT_MAX_BYTES: number = 25 * 1024 * 1024;

  /** Most pages a PDF may have; more answer 422 `too_many_pages`. */
  @IsInt()
  @Min(1)
  @Max(10_000)
  DOCUMENT_MAX_PAGES: number = 50;

  /**
   * Longest the checks of one uploaded or mailed file may take. They run in a worker thread, away
   * from the event loop; a file that takes longer (built to make a parser loop) answers 422 `too_large`.
   */
  @IsInt()
  @Min(100)
  @Max(600_000)
  DOCUMENT_INSPECT_TIMEOUT_MS: number = 20_000;

  /** Heap of the thread that checks a file; a file whose checks need more answers 422 `too_large`. */
  @IsInt()
  @Min(32)
  @Max(4096)
  DOCUMENT_INSPECT_MAX_HEAP_MB: number = 256;

  /**
   * Files checked at once per api process, each in a worker thread of up to
   * DOCUMENT_INSPECT_MAX_HEAP_MB; more wait for a thread. Each costs a core while it checks, so
   * more than the machine's cores only adds memory.
   */
  @IsInt()
  @Min(1)
  @Max(32)
  DOCUMENT_INSPECTION_THREADS: number = 2;

  /** Inbound SMTP for email submissions (docs/documents.md "Email submissions"); off unless `true`. */
  @IsIn(['true', 'false'])
  SMTP_ENABLED: 'true' | 'false' = 'false';

  /** Port of the inbound SMTP listener; 0 takes any free port (tests). `npm start` uses 2525. */
  @IsInt()
  @Min(0)
  @Max(65_535)
  SMTP_PORT: number = 2525;

  @IsString()
  @MinLength(1)
  SMTP_HOST: string = '127.0.0.1';

  /** Largest accepted message (advertised as SIZE); larger mail is refused with 552. */
  @IsInt()
  @Min(1024)
  @Max(512 * 1024 * 1024)
  SMTP_MAX_MESSAGE_BYTES: number = 35 * 1024 * 1024;

  /** Domain of the per-account addresses `<account id>@<domain>`; the MX of this domain points at the listener. */
  @IsString()
  @Matches(/^[a-z0-9.-]+$/i, { message: 'INBOUND_EMAIL_DOMAIN must be a domain name, e.g. inbound.example.com' })
  INBOUND_EMAIL_DOMAIN: string = 'inbound.localhost';

  /**
   * Optional raster tiles under the widget map (docs/widget.md), e.g.
   * `https://tile.openstreetmap.org/{z}/{x}/{y}.png`. Unset: the offline Natural Earth land layer only.
   */
  @IsOptional()
  @Matches(/^https:\/\/[^/\s'"]+\/[^\s'"]*\{z\}[^\s'"]*\{x\}[^\s'"]*\{y\}[^\s'"]*$/, {
    message: 'WIDGET_TILE_URL must be an https URL template with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  })
  WIDGET_TILE_URL?: string;

  /**
   * Carrier connections that push DCSA 3.0 events to `POST /dcsa/v3/carriers/{connection}/events`
   * (docs/dcsa.md, "Carriers that push"): a JSON object from connection (the carrier's SCAC, as in
   * the tracker-worker's CARRIERS_CONFIG) to the bearer token that carrier sends, at least 16
   * characters. Empty: no carrier may push.
   */
  @ValidateBy({
    name: 'isPushConnections',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parsePushConnections(value) !== null,
      defaultMessage: () =>
        'DCSA_PUSH_CONNECTIONS must be a JSON object from carrier SCAC (2-4 letters) to a token of at least 16 characters',
    },
  })
  DCSA_PUSH_CONNECTIONS: string = '';

  get dcsaPushConnections(): ReadonlyMap<string, string> {
    return parsePushConnections(this.DCSA_PUSH_CONNECTIONS) ?? new Map();
  }

  get rateLimits(): Record<RateLimitBucketName, number> {
    return {
      default: this.RATE_LIMIT_DEFAULT,
      create_tracking_request: this.RATE_LIMIT_CREATE_TRACKING_REQUEST,
      infer_number: this.RATE_LIMIT_INFER_NUMBER,
      refresh: this.RATE_LIMIT_REFRESH,
    };
  }

  get webhookUrlPolicy(): WebhookUrlPolicy {
    return { allowHttp: this.WEBHOOK_ALLOW_HTTP === 'true', allow: parseAllowList(this.WEBHOOK_ALLOWED_HOSTS) };
  }

  get webhookEgressIps(): string[] {
    return commaList(this.WEBHOOK_EGRESS_IPS);
  }

  get publicBaseUrl(): string {
    return this.PUBLIC_BASE_URL || `http://${this.HOST === '0.0.0.0' ? '127.0.0.1' : this.HOST}:${this.PORT}`;
  }
}
