/** One answer of the api as a client received it. */
export interface RecordedAnswer {
  method: string;
  /** Path and query, e.g. `/v2/containers?page[size]=2`. */
  path: string;
  status: number;
  contentType: string | undefined;
  /** Parsed JSON; `undefined` for an empty body. */
  body: unknown;
}

export interface JsonApiResource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
}

/**
 * A client of the api over HTTP that keeps every answer, so the run can be judged afterwards
 * against both OpenAPI documents. A request that is not answered with a 2xx fails the run at
 * once, with the answer in the message: the run is made of requests that must succeed.
 */
export class RecordingClient {
  readonly answers: RecordedAnswer[] = [];

  constructor(
    /** `http://127.0.0.1:<port>` */
    private readonly origin: string,
    private readonly key: string,
  ) {}

  /** `body` is sent as JSON (`application/json`, as the reference's clients send it) unless it is raw bytes with their type. */
  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    raw?: { bytes: Buffer; contentType: string },
  ): Promise<T> {
    const relative = path.startsWith(this.origin) ? path.slice(this.origin.length) : path;
    const response = await fetch(`${this.origin}${relative}`, {
      method,
      headers: {
        Authorization: `Token ${this.key}`,
        ...(raw ? { 'Content-Type': raw.contentType } : body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: raw ? new Uint8Array(raw.bytes) : body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? undefined;
    const parsed: unknown = text === '' ? undefined : /json/.test(contentType ?? '') ? JSON.parse(text) : text;
    this.answers.push({ method, path: relative, status: response.status, contentType, body: parsed });
    if (response.status < 200 || response.status > 299)
      throw new Error(`${method} ${relative} answered ${response.status}: ${text.slice(0, 600)}`);
    return parsed as T;
  }

  get = <T = Record<string, unknown>>(path: string): Promise<T> => this.call<T>('GET', path);
}

/** Every resource object of the answers so far (`data` and `included`), newest last. */
export function resourcesIn(answers: readonly RecordedAnswer[]): JsonApiResource[] {
  const found: JsonApiResource[] = [];
  for (const { body } of answers) {
    if (typeof body !== 'object' || body === null) continue;
    const { data, included } = body as { data?: unknown; included?: unknown };
    const candidates: unknown[] = [
      ...(Array.isArray(data) ? (data as unknown[]) : [data]),
      ...(Array.isArray(included) ? (included as unknown[]) : []),
    ];
    for (const candidate of candidates) {
      const resource = candidate as Partial<JsonApiResource> | null | undefined;
      if (resource && typeof resource.id === 'string' && typeof resource.type === 'string' && typeof resource.attributes === 'object')
        found.push(resource as JsonApiResource);
    }
  }
  return found;
}

/** The `{type, id}` linkages of every relationship of `resources`, including to-many ones. */
export function linkagesIn(resources: readonly JsonApiResource[]): Array<{ type: string; id: string }> {
  return resources.flatMap((resource) =>
    Object.values(resource.relationships ?? {}).flatMap(({ data }) =>
      (Array.isArray(data) ? data : [data]).filter(
        (link): link is { type: string; id: string } => typeof link === 'object' && link !== null && 'id' in link && 'type' in link,
      ),
    ),
  );
}
