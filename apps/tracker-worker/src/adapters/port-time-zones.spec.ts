import type { ReferenceDataRepository } from '@quayside/data-access';
import { PortTimeZones } from './port-time-zones';

function ports(zones: Record<string, string>, failFirst = false): { repository: ReferenceDataRepository; asked: string[] } {
  const asked: string[] = [];
  let failed = !failFirst;
  const repository = {
    findPortByCode: async (code: string) => {
      asked.push(code);
      if (!failed) {
        failed = true;
        throw new Error('database down');
      }
      return zones[code] === undefined ? null : { time_zone: zones[code] };
    },
  } as unknown as ReferenceDataRepository;
  return { repository, asked };
}

describe('PortTimeZones', () => {
  it('asks the database once per port while it remembers, unknown ports included, and concurrent asks share the query', async () => {
    const { repository, asked } = ports({ CNSHA: 'Asia/Shanghai' });
    const zones = new PortTimeZones(repository, () => 0);
    expect(await Promise.all([zones.of('CNSHA'), zones.of('CNSHA'), zones.of('XXXXX')])).toEqual(['Asia/Shanghai', 'Asia/Shanghai', null]);
    expect(await zones.of('XXXXX')).toBeNull();
    expect(asked).toEqual(['CNSHA', 'XXXXX']);
  });

  it('asks again once the time is up', async () => {
    const { repository, asked } = ports({ USLAX: 'America/Los_Angeles' });
    let now = 0;
    const zones = new PortTimeZones(repository, () => now);
    await zones.of('USLAX');
    now = 10 * 60_000 + 1;
    await zones.of('USLAX');
    expect(asked).toEqual(['USLAX', 'USLAX']);
  });

  it('does not remember a failed query', async () => {
    const { repository, asked } = ports({ USLAX: 'America/Los_Angeles' }, true);
    const zones = new PortTimeZones(repository, () => 0);
    await expect(zones.of('USLAX')).rejects.toThrow('database down');
    expect(await zones.of('USLAX')).toBe('America/Los_Angeles');
    expect(asked).toEqual(['USLAX', 'USLAX']);
  });
});
