import type { ApiAnswer, QuaysideApi } from './quayside-api';

/** The REST api over HTTP (the stdio entry): the account key as `Authorization: Token <key>`. */
export class FetchQuaysideApi implements QuaysideApi {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly apiKey: string,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async request(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<ApiAnswer> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Token ${this.apiKey}`,
        accept: 'application/vnd.api+json',
        ...(body !== undefined ? { 'content-type': 'application/vnd.api+json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: parseJson(text) };
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { errors: [{ detail: text.slice(0, 200) }] };
  }
}
