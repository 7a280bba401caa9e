import { includeTreeFromPaths } from '../include/include-tree';
import { relationshipByIds } from '../registry/relationship-by-ids';
import { ResourceRegistry } from '../registry/resource-registry';
import { buildDocument } from './build-document';

interface Port {
  id: string;
  name: string;
}
interface Shipment {
  id: string;
  bl: string;
  pol_id: string | null;
  container_ids: string[];
}
interface Container {
  id: string;
  number: string;
  shipment_id: string | null;
}
interface Context {
  accountId: string;
}

function fixture() {
  const ports: Port[] = [
    { id: 'p1', name: 'Ningbo' },
    { id: 'p2', name: 'Qingdao' },
  ];
  const shipments: Shipment[] = [
    { id: 's1', bl: 'BL1', pol_id: 'p1', container_ids: ['c1', 'c2'] },
    { id: 's2', bl: 'BL2', pol_id: 'p1', container_ids: ['c3'] },
    { id: 's3', bl: 'BL3', pol_id: null, container_ids: [] },
  ];
  const containers: Container[] = [
    { id: 'c1', number: 'MSCU1', shipment_id: 's1' },
    { id: 'c2', number: 'MSCU2', shipment_id: 's1' },
    { id: 'c3', number: 'MSCU3', shipment_id: 's2' },
    { id: 'c4', number: 'MSCU4', shipment_id: null },
  ];
  const calls: { type: string; ids: readonly string[]; context: Context }[] = [];
  const byIds =
    <T extends { id: string }>(type: string, rows: T[]) =>
    async (ids: readonly string[], context: Context) => {
      calls.push({ type, ids, context });
      return rows.filter((row) => ids.includes(row.id));
    };
  const registry = new ResourceRegistry<Context>()
    .register<Port>({ type: 'port', id: (p) => p.id, attributes: (p) => ({ name: p.name }) })
    .register<Shipment>({
      type: 'shipment',
      id: (s) => s.id,
      attributes: (s) => ({ bill_of_lading_number: s.bl }),
      relationships: {
        port_of_lading: relationshipByIds('port', (s) => s.pol_id, byIds('port', ports)),
        containers: relationshipByIds('container', (s) => s.container_ids, byIds('container', containers)),
      },
      selfLink: (s) => `/v2/shipments/${s.id}`,
    })
    .register<Container>({
      type: 'container',
      id: (c) => c.id,
      attributes: (c) => ({ number: c.number }),
      relationships: {
        shipment: relationshipByIds('shipment', (c) => c.shipment_id, byIds('shipment', shipments)),
        // Linkage without a loader: shown as a reference, never includable.
        pod_terminal: relationshipByIds('terminal', () => null),
      },
    });
  return { registry, shipments, containers, calls };
}

describe('buildDocument', () => {
  it('serializes id, type, attributes, relationship references and self links', async () => {
    const { registry, shipments } = fixture();
    const document = await buildDocument(registry, { type: 'shipment', data: shipments[0], context: { accountId: 'a' } });
    expect(document).toEqual({
      data: {
        id: 's1',
        type: 'shipment',
        attributes: { bill_of_lading_number: 'BL1' },
        relationships: {
          port_of_lading: { data: { id: 'p1', type: 'port' } },
          containers: {
            data: [
              { id: 'c1', type: 'container' },
              { id: 'c2', type: 'container' },
            ],
          },
        },
        links: { self: '/v2/shipments/s1' },
      },
    });
  });

  it('answers a missing to-one with data null and an empty page with an empty array', async () => {
    const { registry } = fixture();
    expect(await buildDocument(registry, { type: 'shipment', data: null, context: { accountId: 'a' } })).toEqual({ data: null });
    expect(await buildDocument(registry, { type: 'shipment', data: [], context: { accountId: 'a' } })).toEqual({ data: [] });
  });

  it('includes nested paths with one load per relationship level and no duplicates', async () => {
    const { registry, containers, calls } = fixture();
    const document = await buildDocument(registry, {
      type: 'container',
      data: containers,
      include: includeTreeFromPaths(['shipment', 'shipment.port_of_lading', 'shipment.containers']),
      context: { accountId: 'acct-1' },
      links: { self: '/v2/containers' },
      meta: { size: 30, total: 4 },
    });
    expect(calls.map((c) => [c.type, c.ids])).toEqual([
      ['shipment', ['s1', 's2']],
      ['port', ['p1']],
      ['container', ['c1', 'c2', 'c3']],
    ]);
    expect(calls.every((c) => c.context.accountId === 'acct-1')).toBe(true);
    // Containers are primary data already, so they are not repeated in `included`; p1 appears once.
    expect(document.included?.map((r) => `${r.type}:${r.id}`).sort()).toEqual(['port:p1', 'shipment:s1', 'shipment:s2']);
    expect(document.links).toEqual({ self: '/v2/containers' });
    expect(document.meta).toEqual({ size: 30, total: 4 });
  });

  it('loads nothing when no record points at the relationship, and still answers an empty included', async () => {
    const { registry, shipments, calls } = fixture();
    const document = await buildDocument(registry, {
      type: 'shipment',
      data: [shipments[2]],
      include: includeTreeFromPaths(['port_of_lading']),
      context: { accountId: 'a' },
    });
    expect(calls).toEqual([]);
    expect(document.included).toEqual([]);
  });

  it('refuses to register a type twice and to serialize an unknown type', () => {
    const { registry } = fixture();
    expect(() => registry.register({ type: 'port', id: () => 'x', attributes: () => ({}) })).toThrow(/registered twice/);
    expect(() => registry.serialize('vessel', {})).toThrow(/not registered/);
  });

  it('lists as includable only relationships that have a loader', () => {
    const { registry } = fixture();
    expect(registry.includable('container')).toEqual(['shipment']);
    expect(registry.includable('shipment')).toEqual(['containers', 'port_of_lading']);
  });
});
