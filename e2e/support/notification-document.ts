import type { IncomingHttpHeaders } from 'node:http';
import type { CapturedDelivery } from './webhook-sink';

export interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string; type: string } | Array<{ id: string; type: string }> | null }>;
}

/** The body of a webhook notification, typed just enough for assertions. */
export interface NotificationDocument {
  data: {
    id: string;
    type: string;
    attributes: { id: string; event: string; delivery_status: string; created_at: string };
    relationships: { webhook: { data: { id: string; type: string } }; reference_object: { data: { id: string; type: string } } };
  };
  included: Resource[];
}

/** One delivery read: its headers (first value of each), its raw text and its document. */
export interface ReadDelivery {
  headers: Record<string, string>;
  raw: string;
  document: NotificationDocument;
  receivedAt: number;
}

function firstValues(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? (value[0] ?? '') : value]),
  );
}

export function readDelivery(delivery: CapturedDelivery): ReadDelivery {
  const raw = delivery.body.toString('utf8');
  return {
    headers: firstValues(delivery.headers),
    raw,
    document: JSON.parse(raw) as NotificationDocument,
    receivedAt: delivery.receivedAt,
  };
}

export function includedOf(document: NotificationDocument, type: string): Resource[] {
  return document.included.filter((resource) => resource.type === type);
}
