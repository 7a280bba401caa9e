import { DomainError } from '@quayside/domain';
import { relationshipByIds } from '../registry/relationship-by-ids';
import { ResourceRegistry } from '../registry/resource-registry';
import { parseInclude } from './parse-include';

const load = async (): Promise<readonly unknown[]> => [];
const registry = new ResourceRegistry<void>()
  .register({ type: 'port', id: () => 'p', attributes: () => ({}) })
  .register({
    type: 'terminal',
    id: () => 't',
    attributes: () => ({}),
    relationships: { port: relationshipByIds('port', () => null, load) },
  })
  .register({
    type: 'shipment',
    id: () => 's',
    attributes: () => ({}),
    relationships: {
      port_of_lading: relationshipByIds('port', () => null, load),
      pod_terminal: relationshipByIds('terminal', () => null, load),
      line_tracking_stopped_by_user: relationshipByIds('user', () => null),
    },
  })
  .register({
    type: 'container',
    id: () => 'c',
    attributes: () => ({}),
    relationships: {
      shipment: relationshipByIds('shipment', () => null, load),
      pod_terminal: relationshipByIds('terminal', () => null, load),
    },
  });

const toObject = (tree: Map<string, unknown>): unknown =>
  Object.fromEntries([...tree].map(([key, value]) => [key, toObject(value as Map<string, unknown>)]));

function refusal(raw: unknown): DomainError {
  try {
    parseInclude(registry, 'container', raw);
  } catch (error: unknown) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseInclude', () => {
  it.each([
    [undefined, {}],
    ['', {}],
    [' , ', {}],
    ['shipment', { shipment: {} }],
    ['shipment,shipment.port_of_lading,pod_terminal', { shipment: { port_of_lading: {} }, pod_terminal: {} }],
    ['shipment.pod_terminal.port', { shipment: { pod_terminal: { port: {} } } }],
    [' shipment , shipment ', { shipment: {} }],
  ])('accepts %j', (raw, expected) => {
    expect(toObject(parseInclude(registry, 'container', raw))).toEqual(expected);
  });

  it.each([
    ['vessel', 'Unknown include path "vessel"', 'Allowed: pod_terminal, shipment.'],
    ['shipment.vessel', 'Unknown include path "shipment.vessel"', 'Allowed: pod_terminal, port_of_lading.'],
    ['shipment.port_of_lading.country', 'Unknown include path "shipment.port_of_lading.country"', 'Nothing can be included there.'],
    ['shipment.line_tracking_stopped_by_user', 'Unknown include path', 'Allowed: pod_terminal, port_of_lading.'],
    ['shipment..port_of_lading', 'Unknown include path "shipment..port_of_lading"', ''],
    ['Shipment', 'Unknown include path "Shipment"', ''],
    ['constructor', 'Unknown include path "constructor"', ''],
  ])('refuses %j with 400 naming the path', (raw, named, hint) => {
    const error = refusal(raw);
    expect(error.kind).toBe('bad_request');
    expect(error.errors).toHaveLength(1);
    expect(error.errors[0]!.detail).toContain(named);
    expect(error.errors[0]!.detail).toContain(hint);
    expect(error.errors[0]!.source).toEqual({ parameter: 'include' });
  });

  it.each([
    ['a repeated parameter', ['shipment', 'pod_terminal']],
    ['a nested object', { a: 'b' }],
    ['a path deeper than three levels', 'shipment.pod_terminal.port.x'],
  ])('refuses %s as a bad request (400)', (_label, raw) => {
    expect(refusal(raw).kind).toBe('bad_request');
  });
});
