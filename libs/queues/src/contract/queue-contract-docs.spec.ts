import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { JOB_ROUTES } from './queue-contract';

// docs/architecture.md draws the contract for readers; a job added or moved here must be drawn there too.
describe('the queue table of docs/architecture.md', () => {
  const doc = readFileSync(resolve(__dirname, '../../../../docs/architecture.md'), 'utf8');
  const rows = new Map(
    [...doc.matchAll(/^\| `([a-z-]+)` +\| `([a-z-]+)` +\| (\d+) +\|/gm)].map((m) => [m[1]!, { queue: m[2]!, priority: Number(m[3]) }]),
  );

  it.each(Object.entries(JOB_ROUTES))('names %s with its queue and priority', (job, route) => {
    expect(rows.get(job)).toEqual({ queue: route.queue, priority: route.priority });
  });

  it('names no job the contract does not have', () => {
    expect([...rows.keys()].filter((job) => !(job in JOB_ROUTES))).toEqual([]);
  });
});
