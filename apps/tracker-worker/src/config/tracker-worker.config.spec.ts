import { ConfigValidationError, loadConfig } from '@quayside/platform';
import { TrackerWorkerConfig } from './tracker-worker.config';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig('tracker-worker', TrackerWorkerConfig, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
}

describe('TrackerWorkerConfig: the document limits hold together at boot', () => {
  it('accepts the defaults: 12 MP read by a 640 MB reader, a 10-minute lease over a 3-minute read', () => {
    const config = loadConfig('tracker-worker', TrackerWorkerConfig, {});
    expect(config).toMatchObject({
      DOCUMENT_MAX_PIXELS: 12_000_000,
      DOCUMENT_READER_MAX_RSS_MB: 640,
      DOCUMENT_READ_TIMEOUT_MS: 180_000,
      DOCUMENT_PAGE_TIMEOUT_MS: 60_000,
      DOCUMENT_EXTRACTION_LEASE_MS: 600_000,
      DOCUMENT_MAX_ATTACHMENTS: 20,
    });
  });

  it.each([
    // A reader needs 400 MB + 20 bytes a pixel: 640 MB reads 12,582,912 pixels, 1,164 MB reads 40 MP.
    ['the largest budget 640 MB reads', { DOCUMENT_MAX_PIXELS: '12582912' }, null],
    [
      'one pixel more',
      { DOCUMENT_MAX_PIXELS: '12582913' },
      "DOCUMENT_READER_MAX_RSS_MB: DOCUMENT_MAX_PIXELS=12582913 does not fit DOCUMENT_READER_MAX_RSS_MB=640: a reader needs about 400 MB + 20 bytes a pixel, 641 MB for a page this large, and would be killed for its memory on every such page. Lower DOCUMENT_MAX_PIXELS to 12582912 (and the api's with it) or raise DOCUMENT_READER_MAX_RSS_MB to 641",
    ],
    ['40 MP with the memory it needs', { DOCUMENT_MAX_PIXELS: '40000000', DOCUMENT_READER_MAX_RSS_MB: '1163' }, null],
    ['40 MP with the default memory', { DOCUMENT_MAX_PIXELS: '40000000' }, /raise DOCUMENT_READER_MAX_RSS_MB to 1163$/],
    [
      'a reader smaller than its base',
      { DOCUMENT_MAX_PIXELS: '10000', DOCUMENT_READER_MAX_RSS_MB: '256' },
      /Lower DOCUMENT_MAX_PIXELS to 0 /,
    ],
    [
      'a lease of the read and ten seconds',
      { DOCUMENT_READ_TIMEOUT_MS: '20000', DOCUMENT_PAGE_TIMEOUT_MS: '5000', DOCUMENT_EXTRACTION_LEASE_MS: '30000' },
      null,
    ],
    [
      'a lease shorter than a read',
      { DOCUMENT_EXTRACTION_LEASE_MS: '120000' },
      'DOCUMENT_EXTRACTION_LEASE_MS: DOCUMENT_EXTRACTION_LEASE_MS=120000 is shorter than a read may take: it must be at least DOCUMENT_READ_TIMEOUT_MS (180000) + 10000 ms for fetching the file and recording the result, i.e. 190000, or a second worker would claim a document still being read',
    ],
    [
      'a lease of the read alone',
      { DOCUMENT_READ_TIMEOUT_MS: '20000', DOCUMENT_PAGE_TIMEOUT_MS: '5000', DOCUMENT_EXTRACTION_LEASE_MS: '20000' },
      /at least DOCUMENT_READ_TIMEOUT_MS \(20000\) \+ 10000 ms/,
    ],
    [
      'a page longer than its document',
      { DOCUMENT_PAGE_TIMEOUT_MS: '200000' },
      'DOCUMENT_PAGE_TIMEOUT_MS: DOCUMENT_PAGE_TIMEOUT_MS=200000 must not be larger than DOCUMENT_READ_TIMEOUT_MS=180000 (a page is part of its document)',
    ],
    ['one attachment a mail', { DOCUMENT_MAX_ATTACHMENTS: '1' }, null],
    ['500 attachments a mail', { DOCUMENT_MAX_ATTACHMENTS: '500' }, null],
    [
      'no attachment read at all',
      { DOCUMENT_MAX_ATTACHMENTS: '0' },
      'DOCUMENT_MAX_ATTACHMENTS: DOCUMENT_MAX_ATTACHMENTS must not be less than 1',
    ],
    [
      'more than 500 attachments',
      { DOCUMENT_MAX_ATTACHMENTS: '501' },
      'DOCUMENT_MAX_ATTACHMENTS: DOCUMENT_MAX_ATTACHMENTS must not be greater than 500',
    ],
    [
      'a fraction of an attachment',
      { DOCUMENT_MAX_ATTACHMENTS: '2.5' },
      'DOCUMENT_MAX_ATTACHMENTS: DOCUMENT_MAX_ATTACHMENTS must be an integer number',
    ],
  ] as const)('%s', (_case, env, problem) => {
    const problems = problemsOf(env);
    if (problem === null) expect(problems).toEqual([]);
    else expect(problems).toEqual([typeof problem === 'string' ? problem : expect.stringMatching(problem)]);
  });
});

describe('TrackerWorkerConfig: the memory a reader may keep between documents', () => {
  // Room left for a page of the whole budget at 20 bytes a pixel; never under the 400 MB base where the budget fits.
  it.each([
    ['the defaults: 640 MB − 12 MP × 20 B', {}, 411.1],
    ['the largest budget 640 MB reads', { DOCUMENT_MAX_PIXELS: '12582912' }, 400],
    ['40 MP with the memory it needs', { DOCUMENT_MAX_PIXELS: '40000000', DOCUMENT_READER_MAX_RSS_MB: '1163' }, 400.1],
    ['a small budget in a large reader', { DOCUMENT_MAX_PIXELS: '1000000', DOCUMENT_READER_MAX_RSS_MB: '1024' }, 1004.9],
  ] as const)('%s', (_case, env, keepMb) => {
    expect(loadConfig('tracker-worker', TrackerWorkerConfig, env).readerKeepMb).toBeCloseTo(keepMb, 1);
  });
});
