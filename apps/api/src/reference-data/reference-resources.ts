import type { ShippingLineRecord } from '@quayside/data-access';
import type { Port, Terminal } from '@quayside/domain';
import { portAttributes, relationshipByIds, terminalAttributes } from '@quayside/json-api';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const SHIPPING_LINE_TYPE = 'shipping_line';
export const PORT_TYPE = 'port';
export const TERMINAL_TYPE = 'terminal';

/**
 * The established API's shipping line model; `access` says whether it is enabled on request
 * (`account`), `tracked_by_this_server` whether a source of this deployment tracks it (both Quayside's).
 */
export const shippingLineResource: ResourceDefinition<ShippingLineRecord, AccountContext> = {
  type: SHIPPING_LINE_TYPE,
  id: (line) => line.id,
  attributes: (line) => ({
    scac: line.scac,
    name: line.name,
    short_name: line.short_name,
    alternative_scacs: line.alternative_scacs,
    bill_of_lading_tracking_support: line.bill_of_lading_tracking_support,
    booking_number_tracking_support: line.booking_number_tracking_support,
    container_number_tracking_support: line.container_number_tracking_support,
    access: line.access,
    tracked_by_this_server: line.tracked_by_this_server,
    // Live-response fields of the established service; Quayside has no data for them yet, so null (docs/json-api.md, "Compatibility").
    tracking_url: null,
    contact_url: null,
    provided_data: null,
  }),
  selfLink: (line) => `/v2/shipping_lines/${line.id}`,
};

/**
 * A port read through `ReferenceResourceRepository` carries `terminal_ids`; one read elsewhere
 * (a webhook payload's) does not, and then `terminals` is left out rather than shown empty.
 */
export type PortView = Port & { terminal_ids?: readonly string[] };

/** A port; `terminals` (its terminals, by name) is includable with one query for all ports. */
export function portResource(
  terminals: (ids: readonly string[]) => Promise<readonly Terminal[]>,
): ResourceDefinition<PortView, AccountContext> {
  return {
    type: PORT_TYPE,
    id: (port) => port.id,
    // The established clients read the id among the attributes too.
    attributes: (port) => ({ id: port.id, ...portAttributes(port) }),
    relationships: {
      terminals: relationshipByIds<PortView, AccountContext>(
        TERMINAL_TYPE,
        (port) => port.terminal_ids,
        (ids) => terminals(ids),
      ),
    },
    selfLink: (port) => `/v2/ports/${port.id}`,
  };
}

/** A terminal; `port` is includable (one query for every terminal of the document). */
export function terminalResource(
  ports: (ids: readonly string[]) => Promise<readonly Port[]>,
): ResourceDefinition<Terminal, AccountContext> {
  return {
    type: TERMINAL_TYPE,
    id: (terminal) => terminal.id,
    // `id` repeated for the established clients; every terminal here is an ocean terminal; which
    // kinds of data each one provides is not recorded yet, so `provided_data` is null.
    attributes: (terminal) => ({ id: terminal.id, ...terminalAttributes(terminal), facility_type: 'ocean_terminal', provided_data: null }),
    relationships: {
      port: relationshipByIds<Terminal, AccountContext>(
        PORT_TYPE,
        (terminal) => terminal.port_id,
        (ids) => ports(ids),
      ),
    },
    selfLink: (terminal) => `/v2/terminals/${terminal.id}`,
  };
}
