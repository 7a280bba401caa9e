import type { RailTerminalRecord } from '@quayside/domain';
import { relationshipByIds } from '@quayside/json-api';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const RAIL_TERMINAL_TYPE = 'rail_terminal';

export interface RailTerminalRelationshipLoaders {
  ports: (ids: readonly string[]) => Promise<readonly unknown[]>;
  metroAreas: (ids: readonly string[]) => Promise<readonly unknown[]>;
}

/**
 * An inland rail facility a source reported (docs/containers.md, "Rail terminals"); served
 * through the relationships that may name one (a shipment's `destination_terminal`, a transport
 * event's `terminal`), not at a URL of its own (the reference has none). Facilities carry no
 * account data, so any account that is pointed at one may read it.
 */
export function railTerminalResource(loaders: RailTerminalRelationshipLoaders): ResourceDefinition<RailTerminalRecord, AccountContext> {
  return {
    type: RAIL_TERMINAL_TYPE,
    id: (terminal) => terminal.id,
    // Strings, as the established API types them: empty when no source said (as for terminals).
    attributes: (terminal) => ({ name: terminal.name, nickname: terminal.nickname ?? '', firms_code: terminal.firms_code ?? '' }),
    relationships: {
      port: relationshipByIds<RailTerminalRecord, AccountContext>(
        'port',
        (terminal) => terminal.port_id,
        (ids) => loaders.ports(ids),
      ),
      metro_area: relationshipByIds<RailTerminalRecord, AccountContext>(
        'metro_area',
        (terminal) => terminal.metro_area_id,
        (ids) => loaders.metroAreas(ids),
      ),
    },
  };
}
