export const PARTY_ROLES = [
  'shipper',
  'consignee',
  'notify_party',
  'customs_broker',
  'customer',
  'freight_forwarder',
  'pickup_dray_carrier',
] as const;
export type PartyRoleName = (typeof PARTY_ROLES)[number];

/** Containers accept only this one role (docs/parties.md). */
export const CONTAINER_PARTY_ROLES = ['pickup_dray_carrier'] as const satisfies readonly PartyRoleName[];

/** A container is reported as `Cargo`, not `Container`, for compatibility with existing clients. */
export const ROLEABLE_TYPES = ['Shipment', 'Cargo'] as const;
export type RoleableType = (typeof ROLEABLE_TYPES)[number];
