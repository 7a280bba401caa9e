import { EVENT_NAMES } from '@quayside/domain';
import type { AccountFeature } from '@quayside/domain';
import fc from 'fast-check';
import { FORBIDDEN_HEADER_NAMES, MAX_CUSTOM_HEADERS, eventIssues, headerIssues } from './webhook-attributes.rules';

describe('webhook events', () => {
  it.each<[string, unknown[], AccountFeature[], [string, string][]]>([
    ['known names', ['tracking_request.succeeded', 'container.updated'], [], []],
    [
      'an unknown name, pointed at by index',
      ['tracking_request.succeeded', 'container.teleported'],
      [],
      [['/data/attributes/events/1', 'container.teleported']],
    ],
    [
      'a duplicate, pointed at the second',
      ['container.updated', 'container.updated'],
      [],
      [['/data/attributes/events/1', 'listed more than once']],
    ],
    ['a non-string entry', ['container.updated', 42], [], [['/data/attributes/events/1', '42 is not a known event name']]],
    ['the rail LFD without the rail_lfd feature', ['container.pickup_lfd_rail.changed'], [], [['/data/attributes/events/0', 'rail_lfd']]],
    ['the rail LFD with the rail_lfd feature', ['container.pickup_lfd_rail.changed'], ['rail_lfd'], []],
    [
      'several problems, one issue each',
      ['nope', 'container.updated', 'container.updated', 'x'],
      [],
      [
        ['/data/attributes/events/0', 'nope'],
        ['/data/attributes/events/2', 'more than once'],
        ['/data/attributes/events/3', '"x"'],
      ],
    ],
  ])('%s', (_label, events, features, expected) => {
    const issues = eventIssues(events, features);
    expect(issues.map((issue) => issue.pointer)).toEqual(expected.map(([pointer]) => pointer));
    issues.forEach((issue, index) => expect(issue.detail).toContain(expected[index]![1]));
  });

  it('accepts every catalogued event once, given the features', () => {
    expect(eventIssues([...EVENT_NAMES], ['rail_lfd'])).toEqual([]);
  });

  it('flags exactly the strings that are not event names', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...EVENT_NAMES), fc.string()), { maxLength: 8 }), (events) => {
        const unique = [...new Set(events)];
        const unknown = unique.filter((event) => !(EVENT_NAMES as readonly string[]).includes(event));
        const issues = eventIssues(unique, ['rail_lfd']);
        expect(issues.map((issue) => issue.pointer)).toEqual(unknown.map((event) => `/data/attributes/events/${unique.indexOf(event)}`));
      }),
    );
  });
});

describe('webhook custom headers', () => {
  it.each<[string, { name: string; value: string }[], string[]]>([
    [
      'ordinary headers',
      [
        { name: 'X-Secret-Sauce', value: 'sriracha' },
        { name: 'Authorization', value: 'Bearer abc' },
      ],
      [],
    ],
    ['Host', [{ name: 'Host', value: 'internal' }], ['/data/attributes/headers/0/name']],
    ['Content-Length', [{ name: 'content-length', value: '1' }], ['/data/attributes/headers/0/name']],
    ['Transfer-Encoding', [{ name: 'Transfer-Encoding', value: 'chunked' }], ['/data/attributes/headers/0/name']],
    ['our signature header', [{ name: 'X-T49-Webhook-Signature', value: 'forged' }], ['/data/attributes/headers/0/name']],
    ['a Standard Webhooks header', [{ name: 'webhook-id', value: 'x' }], ['/data/attributes/headers/0/name']],
    ['a hop-by-hop header', [{ name: 'Connection', value: 'close' }], ['/data/attributes/headers/0/name']],
    ['a name with a space', [{ name: 'X Bad', value: 'v' }], ['/data/attributes/headers/0/name']],
    ['a pseudo-header', [{ name: ':authority', value: 'v' }], ['/data/attributes/headers/0/name']],
    ['a value with a line break (header injection)', [{ name: 'X-A', value: 'v\r\nX-Injected: 1' }], ['/data/attributes/headers/0/value']],
    [
      'a name given twice in different case',
      [
        { name: 'X-A', value: '1' },
        { name: 'x-a', value: '2' },
      ],
      ['/data/attributes/headers/1/name'],
    ],
  ])('%s', (_label, headers, pointers) => {
    expect(headerIssues(headers).map((issue) => issue.pointer)).toEqual(pointers);
  });

  it(`allows at most ${MAX_CUSTOM_HEADERS} headers`, () => {
    const headers = Array.from({ length: MAX_CUSTOM_HEADERS + 1 }, (_, i) => ({ name: `X-H${i}`, value: 'v' }));
    expect(headerIssues(headers).map((issue) => issue.pointer)).toEqual(['/data/attributes/headers']);
    expect(headerIssues(headers.slice(1))).toEqual([]);
  });

  it('refuses every reserved name whatever its case', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORBIDDEN_HEADER_NAMES), fc.boolean(), (name, upper) => {
        const issues = headerIssues([{ name: upper ? name.toUpperCase() : name, value: 'v' }]);
        expect(issues.map((issue) => issue.pointer)).toEqual(['/data/attributes/headers/0/name']);
      }),
    );
  });
});
