import { refreshBatches } from './schedule-refreshes.service';

describe('refreshBatches', () => {
  const due = (id: string, scac: string) => ({ id, shipping_line_scac: scac, refresh_phase: null });

  it.each<[string, Array<ReturnType<typeof due>>, number, string[][]]>([
    ['nothing due', [], 50, []],
    ['one carrier, under the size', [due('a', 'MAEU'), due('b', 'MAEU')], 50, [['a', 'b']]],
    ['one carrier, over the size', [due('a', 'MAEU'), due('b', 'MAEU'), due('c', 'MAEU')], 2, [['a', 'b'], ['c']]],
    ['two carriers never share a batch', [due('a', 'MAEU'), due('b', 'MSCU'), due('c', 'MAEU')], 50, [['a', 'c'], ['b']]],
  ])('%s', (_label, rows, size, expected) => {
    expect(refreshBatches(rows, size)).toEqual(expected);
  });
});
