/**
 * The few calls of the public API the demo makes, through the repository's one API client
 * (`JsonApiClient`: `Authorization: Token <key>`, JSON:API bodies, `Retry-After` on 429).
 */
import { JsonApiClient } from '@quayside/json-api';
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
  private readonly client: JsonApiClient;

  constructor(baseUrl: string, apiKey: string) {
    this.client = new JsonApiClient(baseUrl, apiKey, { rateLimitedRetries: MAX_RATE_LIMITED_RETRIES });
  }

  get apiBase(): string {
    return this.client.apiBase;
  }

  async createWebhook(url: string, events: readonly string[]): Promise<{ id: string; secret: string }> {
    const body = await this.call('POST', '/webhooks', { data: { type: 'webhook', attributes: { url, active: true, events } } });
    const data = record(record(body)['data']);
    const id = text(data['id']);
    const secret = text(record(data['attributes'])['secret']);
    if (id === null || secret === null) throw new Error('POST /v2/webhooks answered without an id and a secret');
    return { id, secret };
  }

  /** Stops deliveries to the webhook and keeps it, with its notifications and their delivery history (a delete would take them along). */
  async disableWebhook(id: string): Promise<void> {
    await this.call('PATCH', `/webhooks/${encodeURIComponent(id)}`, { data: { type: 'webhook', attributes: { active: false } } });
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
    const response = await this.client.request(method, path, body);
    if (response.status < 200 || response.status >= 300) throw new QuaysideApiError(response.status, method, `/v2${path}`, response.body);
    return response.body;
  }
}
