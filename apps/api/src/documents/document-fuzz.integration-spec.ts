import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentEntity, DocumentRepresentationEntity } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import {
  billOfLadingPdf,
  emailWithAttachments,
  eventually,
  flipBits,
  nestedEmail,
  pdfWithExpandingStream,
  pdfWithPageSize,
  pngDeclaring,
  ProcessTreeMemory,
  realPng,
  SAMPLE_BILL_OF_LADING,
  tiffWithPages,
} from '@quayside/testing';
import fc from 'fast-check';
import { In } from 'typeorm';
import { ApiTestContext, TEST_REDIS_URL, testApiConfig } from '../test/api-test-app';
import { multipartForm } from '../test/document-upload';

// Bounded in `npm test`; QUAYSIDE_FUZZ_RUNS=20000 for a long run.
const RUNS = Number(process.env['QUAYSIDE_FUZZ_RUNS'] ?? '40');
// Printed in the closing note: QUAYSIDE_FUZZ_SEED=<it> replays a run's cases.
const SEED = Number(process.env['QUAYSIDE_FUZZ_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const ROOT = resolve(__dirname, '../../../..');

interface Case {
  fileName: string;
  bytes: Buffer;
}

/** Tallies for the run's closing note: how often each key was seen, most frequent first. */
class Tally {
  private readonly counts = new Map<string, number>();

  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  toString(): string {
    return [...this.counts]
      .sort(([, a], [, b]) => b - a)
      .map(([key, count]) => `  ${count} × ${key}`)
      .join('\n');
  }
}

const load = (): string =>
  loadavg()
    .map((average) => average.toFixed(1))
    .join(' ');

/** A process's own peak resident memory (Linux VmHWM), or null where /proc does not say. */
function peakResidentMb(pid: number | undefined): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Math.round(Number(kb) / 1024);
  } catch {
    return null;
  }
}

/**
 * Issue 47's fuzz suite for documents: bytes behind each accepted signature, real files (made
 * here) cut short and bit-flipped, sizes declared far past the pixel budget, mail nested deep,
 * PDFs whose streams inflate to hundreds of megabytes — uploaded to the api, and what it accepts
 * read by a real tracker-worker process. Never a 5xx; every refusal a 4xx with a detail; every
 * accepted document ends extracted or failed with a reason; neither the api nor the worker
 * restarts; then a real bill of lading is extracted as before.
 */
describe('fuzzing document uploads and their extraction', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let account: ProvisionedAccount;
  let worker: ChildProcess;
  let seeds: Buffer[];
  let bombs: Buffer[];

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    // Every case must reach the checks: the rate limiter would answer most of a long run 429.
    app = await ctx.startApp({ DOCUMENT_MAX_BYTES: 2 * 1024 * 1024, RATE_LIMIT_DEFAULT: 1_000_000 });
    account = await ctx.account({ company: 'Fuzz' });
    worker = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/tracker-worker/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: ctx.db.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: ctx.redisPrefix,
        LOG_LEVEL: 'silent',
        OUTBOX_POLL_INTERVAL_MS: '100',
        // The api's document folder for this test file.
        STORAGE_LOCAL_DIR: testApiConfig(ctx.db.url, ctx.redisPrefix).STORAGE_LOCAL_DIR,
        DOCUMENT_EXTRACTION_MAX_ATTEMPTS: '2',
        // Two documents read at once (an operator's setting, docs/documents.md "Limits"): a long run
        // is mostly hostile files whose readers are killed and replaced, and a reader starting is
        // time the other one reads in.
        DOCUMENT_READERS: '2',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const canvas = createCanvas(160, 60);
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, 160, 60);
    context.fillStyle = '#000';
    context.font = '20px sans-serif';
    context.fillText('B/L MAEU123', 8, 38);
    const bill = await billOfLadingPdf();
    seeds = [
      bill,
      realPng(),
      canvas.toBuffer('image/jpeg'),
      tiffWithPages([
        { width: 40, height: 20 },
        { width: 20, height: 10 },
      ]),
      emailWithAttachments('Fwd: BL', 'B/L No.: MAEU123456789', [{ fileName: 'scan.png', contentType: 'image/png', bytes: realPng() }]),
    ];
    bombs = [await pdfWithExpandingStream(8), await pdfWithExpandingStream(200), await pdfWithPageSize(14_400, 14_400)];
  }, 120_000);

  afterAll(async () => {
    if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await ctx.close();
  });

  const signature = fc.constantFrom(
    Buffer.from('%PDF-1.7\n'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from([0x49, 0x49, 0x2a, 0x00]),
    Buffer.from([0x4d, 0x4d, 0x00, 0x2a]),
    Buffer.from('From: a@b.example\r\nSubject: x\r\n\r\n'),
  );
  const name = fc.constantFrom('bl.pdf', 'scan.png', 'scan.jpg', 'scan.tif', 'fwd.eml', 'document');
  const at = fc.double({ min: 0, max: 0.999_999, noNaN: true });

  const cases = (): fc.Arbitrary<Case> =>
    fc.oneof(
      // Bytes behind a signature.
      fc.record({
        fileName: name,
        bytes: fc.tuple(signature, fc.uint8Array({ maxLength: 4096 })).map(([head, rest]) => Buffer.concat([head, rest])),
      }),
      // A real file cut short.
      fc.record({
        fileName: name,
        bytes: fc
          .tuple(fc.nat({ max: seeds.length - 1 }), at)
          .map(([seed, keep]) => seeds[seed]!.subarray(0, Math.ceil(seeds[seed]!.length * keep))),
      }),
      // A real file with bits flipped.
      fc.record({
        fileName: name,
        bytes: fc
          .tuple(fc.nat({ max: seeds.length - 1 }), fc.array(at, { minLength: 1, maxLength: 16 }))
          .map(([seed, flips]) => flipBits(seeds[seed]!, flips)),
      }),
      // Sizes declared far over the budget.
      fc.record({
        fileName: fc.constant('bomb.png'),
        bytes: fc
          .tuple(fc.integer({ min: 7_000, max: 2_000_000 }), fc.integer({ min: 7_000, max: 2_000_000 }))
          .map(([w, h]) => pngDeclaring(w, h)),
      }),
      fc.record({
        fileName: fc.constant('bomb.tif'),
        bytes: fc
          .tuple(fc.integer({ min: 7_000, max: 4_000_000 }), fc.integer({ min: 7_000, max: 4_000_000 }))
          .map(([w, h]) => tiffWithPages([{ width: 8, height: 8 }, { declare: { width: w, height: h } }])),
      }),
      // Mail nested deep, around an image over the budget or a real one.
      fc.record({
        fileName: fc.constant('fwd.eml'),
        bytes: fc
          .tuple(fc.integer({ min: 1, max: 12 }), fc.boolean())
          .map(([depth, bomb]) =>
            nestedEmail(
              depth,
              emailWithAttachments('x', 'y', [
                { fileName: 'p.png', contentType: 'image/png', bytes: bomb ? pngDeclaring(60_000, 60_000) : realPng() },
              ]),
            ),
          ),
      }),
      // PDFs whose streams inflate enormously, and a page of 14,400 points.
      fc.record({ fileName: fc.constant('bomb.pdf'), bytes: fc.nat({ max: 2 }).map((index) => bombs[index]!) }),
    );

  it(
    'never answers 5xx, and every accepted document ends extracted or failed with a reason',
    async () => {
      const started = Date.now();
      const seconds = (): number => Math.round((Date.now() - started) / 1000);
      const statuses = new Map<number, number>();
      const refusals = new Tally();
      const accepted: string[] = [];
      // The worker and its reader processes together, as a container's memory limit would see them.
      const memory = new ProcessTreeMemory(worker.pid!, 250).start();
      await fc.assert(
        fc.asyncProperty(cases(), async ({ fileName, bytes }) => {
          const form = multipartForm(fileName, bytes);
          const response = await app.inject({
            method: 'POST',
            url: '/v2/documents',
            headers: { ...form.headers, authorization: `Token ${account.key}` },
            payload: form.body,
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          // A long run (QUAYSIDE_FUZZ_RUNS=20000) says how far it got every 1,000 cases.
          const count = [...statuses.values()].reduce((sum, n) => sum + n, 0);
          if (count % 1000 === 0) process.stderr.write(`document fuzz: ${count} cases after ${seconds()} s (load ${load()})\n`);
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode === 201) {
            accepted.push((JSON.parse(response.body) as { data: { id: string } }).data.id);
            return;
          }
          // A refusal of the file itself: its type, its size, its content, or a copy of one accepted before.
          expect([409, 413, 415, 422]).toContain(response.statusCode);
          const error = (JSON.parse(response.body) as { errors: Array<{ detail?: string; code?: string }> }).errors[0];
          expect(error?.detail).toEqual(expect.any(String));
          refusals.add(`${response.statusCode} ${error?.code ?? '(no code)'}`);
        }),
        { numRuns: RUNS, seed: SEED },
      );
      const uploadedMs = Date.now() - started;

      const documents = ctx.db.dataSource.getRepository(DocumentEntity);
      let reported = Date.now();
      const done = await eventually(
        () => documents.findBy({ id: In(accepted) }),
        (rows) => {
          const pending = rows.filter((row) => row.extraction_status === 'pending').length;
          // A long run says how extraction goes every minute.
          if (pending > 0 && Date.now() - reported >= 60_000) {
            reported = Date.now();
            const extracted = rows.filter((row) => row.extraction_status === 'extracted').length;
            process.stderr.write(
              `document fuzz: after ${seconds()} s ${extracted} extracted, ${rows.length - extracted - pending} failed, ` +
                `${pending} pending (reader peak ${Math.round(memory.peakMb)} MB, load ${load()})\n`,
            );
          }
          return pending === 0;
        },
        `${accepted.length} accepted documents to be extracted or failed`,
        Math.max(120_000, accepted.length * 30_000),
      );
      for (const row of done) if (row.extraction_status === 'failed') expect(row.extraction_error).toMatch(/\w/);
      expect(worker.exitCode).toBeNull();
      expect(worker.signalCode).toBeNull();

      // The next real bill of lading is still read as before.
      const form = multipartForm('bl.pdf', await billOfLadingPdf({ ...SAMPLE_BILL_OF_LADING, billOfLading: 'MAEU269999999' }));
      const created = await app.inject({
        method: 'POST',
        url: '/v2/documents',
        headers: { ...form.headers, authorization: `Token ${account.key}` },
        payload: form.body,
      });
      expect(created.statusCode).toBe(201);
      const bill = await eventually(
        () => documents.findOneByOrFail({ id: (JSON.parse(created.body) as { data: { id: string } }).data.id }),
        (row) => row.extraction_status !== 'pending',
        'the bill of lading to be extracted',
        120_000,
      );
      expect(bill).toMatchObject({ extraction_status: 'extracted', document_type: 'bill_of_lading' });
      const representation = await ctx.db.dataSource
        .getRepository(DocumentRepresentationEntity)
        .findOneByOrFail({ id: bill.last_document_representation_id! });
      expect(representation.payload['bill_of_lading_numbers']).toEqual([expect.objectContaining({ value: 'MAEU269999999' })]);
      expect(worker.exitCode).toBeNull();
      memory.stop();

      const outcome = (status: string): number => done.filter((row) => row.extraction_status === status).length;
      // Reasons told apart by their words, not by the sizes and page numbers in them.
      const reasons = new Tally();
      for (const row of done) if (row.extraction_status === 'failed') reasons.add(row.extraction_error!.replace(/\d+/g, 'N'));
      process.stderr.write(
        `document fuzz: ${RUNS} cases (seed ${SEED}) in ${seconds()} s (uploads ${Math.round(uploadedMs / 1000)} s), load ${load()}; ` +
          `answers ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}\n` +
          `refusals by status and code:\n${refusals.toString()}\n` +
          `accepted ${accepted.length}: extracted ${outcome('extracted')}, failed ${outcome('failed')}; reasons of failure:\n${reasons.toString()}\n` +
          `worker and readers peak ${Math.round(memory.peakMb)} MB resident (${memory.samples} samples), worker alone ${peakResidentMb(worker.pid) ?? '?'} MB; ` +
          `worker restarts 0; then bill of lading MAEU269999999 ${bill.extraction_status} as ${bill.document_type}\n`,
      );
    },
    3_600_000 * 4,
  );
});
