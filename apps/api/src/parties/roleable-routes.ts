import type { RoleableRoutes } from './party-roles.controller';

/** A container (`Cargo`) takes only `pickup_dray_carrier`. */
export const CONTAINER_ROLE_ROUTES: RoleableRoutes = {
  resource: 'containers',
  roleableType: 'Cargo',
  name: 'container',
  listSummary: 'List container party roles',
  listDescription:
    'Every party role of the container, one per linked party (`pickup_dray_carrier`, `roleable_type` `Cargo`), with the parties in `included`.',
  rolesRule: 'Only `pickup_dray_carrier` (the default when `role` is left out); any other role answers 422.',
};

/** A shipment takes any of the seven roles, which must be named. */
export const SHIPMENT_ROLE_ROUTES: RoleableRoutes = {
  resource: 'shipments',
  roleableType: 'Shipment',
  name: 'shipment',
  listSummary: 'List shipment party roles',
  listDescription: 'Every party role of the shipment (`roleable_type` `Shipment`), with the parties in `included`.',
  rolesRule: '`role` is required: shipper, consignee, notify_party, customs_broker, customer, freight_forwarder or pickup_dray_carrier.',
};
