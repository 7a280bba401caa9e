import { buildDocument } from '../document/build-document';
import type { ResourceObject } from '../model/json-api-document';
import { includeTreeFromPaths } from '../include/include-tree';
import { relationshipByIds } from './relationship-by-ids';
import { relationshipOfTypes } from './relationship-of-types';
import { ResourceRegistry } from './resource-registry';

interface Shipment {
  id: string;
  terminal_id: string | null;
  rail_terminal_id: string | null;
}
interface Facility {
  id: string;
  name: string;
  port_id: string | null;
  metro_id?: string | null;
}

function fixture() {
  const terminals: Facility[] = [{ id: 't1', name: 'Pier 400', port_id: 'p1' }];
  const rails: Facility[] = [{ id: 'r1', name: 'Ramp', port_id: 'p2', metro_id: 'm1' }];
  const calls: string[] = [];
  const byIds = (type: string, rows: readonly { id: string }[]) => async (ids: readonly string[]) => {
    calls.push(`${type}:${ids.join(',')}`);
    return rows.filter((row) => ids.includes(row.id));
  };
  const facility = (type: string, extra: Record<string, ReturnType<typeof relationshipByIds<Facility, object>>> = {}) => ({
    type,
    id: (f: Facility) => f.id,
    attributes: (f: Facility) => ({ name: f.name }),
    relationships: {
      port: relationshipByIds<Facility, object>('port', (f) => f.port_id, byIds('port', [{ id: 'p1' }, { id: 'p2' }])),
      ...extra,
    },
  });
  const registry = new ResourceRegistry<object>()
    .register({ type: 'port', id: (p: { id: string }) => p.id, attributes: () => ({}) })
    .register({ type: 'metro_area', id: (m: { id: string }) => m.id, attributes: () => ({}) })
    .register(facility('terminal'))
    .register(
      facility('rail_terminal', {
        metro_area: relationshipByIds<Facility, object>('metro_area', (f) => f.metro_id, byIds('metro_area', [{ id: 'm1' }])),
      }),
    )
    .register<Shipment>({
      type: 'shipment',
      id: (s) => s.id,
      attributes: () => ({}),
      relationships: {
        destination_terminal: relationshipOfTypes<Shipment, object>('terminal', [
          { type: 'terminal', id: (s) => s.terminal_id, fetchByIds: byIds('terminal', terminals) },
          { type: 'rail_terminal', id: (s) => s.rail_terminal_id, fetchByIds: byIds('rail_terminal', rails) },
        ]),
      },
    });
  return { registry, calls };
}

describe('a relationship of several types', () => {
  const shipments: Shipment[] = [
    { id: 's1', terminal_id: 't1', rail_terminal_id: null },
    { id: 's2', terminal_id: null, rail_terminal_id: 'r1' },
    { id: 's3', terminal_id: null, rail_terminal_id: null },
  ];

  it('points at the type each record has, and includes each type as itself with one query per type', async () => {
    const { registry, calls } = fixture();
    const document = await buildDocument(registry, {
      type: 'shipment',
      data: shipments,
      include: includeTreeFromPaths(['destination_terminal.port']),
      context: {},
    });
    const data = document.data as ResourceObject[];
    expect(data.map((d) => d.relationships?.['destination_terminal']?.data)).toEqual([
      { id: 't1', type: 'terminal' },
      { id: 'r1', type: 'rail_terminal' },
      null,
    ]);
    expect(document.included?.map((r) => `${r.type}:${r.id}`).sort()).toEqual(['port:p1', 'port:p2', 'rail_terminal:r1', 'terminal:t1']);
    expect(calls.filter((call) => !call.startsWith('port')).sort()).toEqual(['rail_terminal:r1', 'terminal:t1']);
  });

  it('asks no loader of a type nobody points at', async () => {
    const { registry, calls } = fixture();
    await buildDocument(registry, {
      type: 'shipment',
      data: [shipments[0]],
      include: includeTreeFromPaths(['destination_terminal']),
      context: {},
    });
    expect(calls).toEqual(['terminal:t1']);
  });
});
