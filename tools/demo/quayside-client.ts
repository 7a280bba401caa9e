/**
 * The few calls of the public API the demo makes, over plain fetch, as any client would:
 * `Authorization: Token <key>`, JSON:API bodies, and a wait of `Retry-After` seconds on 429.
 */
import { QuaysideApiError } from './quayside-api.error';

type Json = Record<string, unknown>;

export interface TrackingRequestState {
  id: string;
  number: string;
  status: string;
  failedReason: string | null;
}

const MAX_RATE_LIMITED_RETRIES = 5;

function record(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export class QuaysideClient {
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly apiKey: string,
  ) {
    this.base = `${baseUrl.replace(/\/+$/, '').replace(/\/v2$/, '')}/v2`;
  }

  get apiBase(): string {
    return this.base;
  }

  async createWebhook(url: string, events: readonly string[]): Promise<{ id: string; secret: string }> {
    const body = await this.call('POST', '/webhooks', { data: { type: 'webhook', attributes: { url, active: true, events } } });
    const data = record(record(body)['data']);
    const id = text(data['id']);
    const secret = text(record(data['attributes'])['secret']);
    if (id === null || secret === null) throw new Error('POST /v2/webhooks answered without an id and a secret');
    return { id, secret };
  }

  async deleteWebhook(id: string): Promise<void> {
    await this.call('DELETE', `/webhooks/${encodeURIComponent(id)}`);
  }

  async createTrackingRequest(number: string, scac: string): Promise<TrackingRequestState> {
    const body = await this.call('POST', '/tracking_requests', {
      data: { type: 'tracking_request', attributes: { request_number: number, request_type: 'bill_of_lading', scac } },
    });
    return this.toTrackingRequest(record(record(body)['data']), number);
  }

  async getTrackingRequest(id: string, number: string): Promise<TrackingRequestState> {
    const body = await this.call('GET', `/tracking_requests/${encodeURIComponent(id)}`);
    return this.toTrackingRequest(record(record(body)['data']), number);
  }

  /** This webhook's notifications the service gave up on (`delivery_status: failed`). */
  async failedDeliveries(webhookId: string): Promise<number> {
    const query = `filter[webhook_id]=${encodeURIComponent(webhookId)}&filter[delivery_status]=failed&page[size]=1`;
    const body = record(await this.call('GET', `/webhook_notifications?${query}`));
    const total = record(body['meta'])['total'];
    if (typeof total !== 'number') throw new Error('GET /v2/webhook_notifications answered without meta.total');
    return total;
  }

  /** The shipment a tracking request follows, once it succeeded. */
  async trackedShipmentId(requestId: string): Promise<string | null> {
    const body = record(await this.call('GET', `/tracking_requests/${encodeURIComponent(requestId)}`));
    return text(record(record(record(record(body['data'])['relationships'])['tracked_object'])['data'])['id']);
  }

  async stopTracking(shipmentId: string): Promise<void> {
    await this.call('PATCH', `/shipments/${encodeURIComponent(shipmentId)}/stop_tracking`);
  }

  private toTrackingRequest(data: Json, number: string): TrackingRequestState {
    const attributes = record(data['attributes']);
    const id = text(data['id']);
    if (id === null) throw new Error(`the tracking request for ${number} came back without an id`);
    return { id, number, status: text(attributes['status']) ?? 'unknown', failedReason: text(attributes['failed_reason']) };
  }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          Authorization: `Token ${this.apiKey}`,
          Accept: 'application/vnd.api+json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/vnd.api+json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const raw = await response.text();
      const parsed: unknown = raw === '' ? null : JSON.parse(raw);
      if (response.status === 429 && attempt < MAX_RATE_LIMITED_RETRIES) {
        const seconds = Number(response.headers.get('retry-after') ?? '1');
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, Number.isFinite(seconds) ? seconds : 1) * 1000));
        continue;
      }
      if (!response.ok) throw new QuaysideApiError(response.status, method, `/v2${path}`, parsed);
      return parsed;
    }
  }
}
