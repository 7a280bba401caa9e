export interface WebhookHeader {
  name: string;
  value: string;
}

export const REFERENCE_OBJECT_TYPES = [
  'tracking_request',
  'estimated_event',
  'transport_event',
  'container_updated_event',
  'container_pod_terminal_changed_event',
  'shipment',
  'container',
  'document',
] as const;
export type ReferenceObjectType = (typeof REFERENCE_OBJECT_TYPES)[number];
