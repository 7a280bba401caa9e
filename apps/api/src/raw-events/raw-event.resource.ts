import type { RawEventEntity } from '@quayside/data-access';
import { relationshipByIds } from '@quayside/json-api';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const RAW_EVENT_TYPE = 'raw_event';

/** Batched loaders behind the includable relationships (one call for all parents). */
export interface RawEventRelationshipLoaders {
  containers: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
  ports: (ids: readonly string[]) => Promise<readonly unknown[]>;
  terminals: (ids: readonly string[]) => Promise<readonly unknown[]>;
  transportEvents: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>;
  /** Vessel ids by IMO, registering vessels named for the first time (docs/vessels-and-maps.md). */
  vesselIds: (vessels: ReadonlyArray<{ imo: string; name: string }>) => Promise<ReadonlyMap<string, string>>;
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** The calendar day of an instant where it happened (its zone), else in UTC. */
export function localDay(value: Date | null, timeZone: string | null): string | null {
  if (value === null) return null;
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      value,
    );
  } catch {
    return value.toISOString().slice(0, 10);
  }
}

/** `container.transport.estimated.vessel_arrived` → `vessel_arrived`: the established clients read the short name. */
export const shortEventName = (event: string | null): string | null => (event === null ? null : (event.split('.').at(-1) ?? event));

export function rawEventAttributes(row: RawEventEntity): Record<string, unknown> {
  const actual = !row.estimated;
  return {
    event: shortEventName(row.event),
    mapped_event: row.event,
    original_event: row.original_event,
    timestamp: iso(row.timestamp),
    timezone: row.timezone,
    estimated: row.estimated,
    actual_at: actual ? iso(row.timestamp) : null,
    actual_on: actual ? localDay(row.timestamp, row.timezone) : null,
    estimated_at: actual ? null : iso(row.timestamp),
    estimated_on: actual ? null : localDay(row.timestamp, row.timezone),
    will_occur_at: actual ? null : iso(row.timestamp),
    index: row.index,
    invalidated_at: iso(row.invalidated_at),
    location_locode: row.location_locode,
    location_name: row.location_name,
    vessel_name: row.vessel_name,
    vessel_imo: row.vessel_imo,
    voyage_number: row.voyage_number,
    data_source: row.data_source,
    data_provider_code: row.data_provider_code,
    data_provider_name: row.data_provider_name,
    created_at: iso(row.created_at),
  };
}

/**
 * A source message as received (docs/containers.md, "Raw events"). `transport_event` is what it
 * was mapped to (beyond the established API); `vessel` links the vessel by IMO when the source named one.
 */
export function rawEventResource(loaders: RawEventRelationshipLoaders): ResourceDefinition<RawEventEntity, AccountContext> {
  const vessels = new WeakMap<object, string | null>();
  return {
    type: RAW_EVENT_TYPE,
    id: (row) => row.id,
    attributes: rawEventAttributes,
    relationships: {
      container: relationshipByIds<RawEventEntity, AccountContext>('container', (row) => row.container_id, loaders.containers),
      location: relationshipByIds<RawEventEntity, AccountContext>(
        'port',
        (row) => row.location_id,
        (ids) => loaders.ports(ids),
      ),
      terminal: relationshipByIds<RawEventEntity, AccountContext>(
        'terminal',
        (row) => row.terminal_id,
        (ids) => loaders.terminals(ids),
      ),
      vessel: {
        type: 'vessel',
        linkage: (row) => vessels.get(row) ?? null,
        prefetch: async (rows) => {
          const ids = await loaders.vesselIds(
            rows.flatMap((row) =>
              row.vessel_imo !== null && row.vessel_name !== null ? [{ imo: row.vessel_imo, name: row.vessel_name }] : [],
            ),
          );
          for (const row of rows) vessels.set(row, row.vessel_imo === null ? null : (ids.get(row.vessel_imo) ?? null));
        },
      },
      transport_event: relationshipByIds<RawEventEntity, AccountContext>(
        'transport_event',
        (row) => row.transport_event_id,
        loaders.transportEvents,
      ),
    },
  };
}
