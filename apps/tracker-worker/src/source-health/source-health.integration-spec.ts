import { SourceHealthRepository } from '@quayside/data-access';
import { createTestDatabase, RecordingServer, serveCarriers, testRedisPrefix } from '@quayside/testing';
import type { RecordedRequest, TestDatabase } from '@quayside/testing';
import { standardWebhookSignature } from '@quayside/webhooks';
import { testTrackerConfig } from '../test/tracker-test-harness';
import type { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { OperatorNotifier } from './operator-notifier';
import { SourceHealthRecorder } from './source-health-recorder';
import { NOTICE_LEASE_MS, SourceOutageWatcher } from './source-outage.watcher';

const SECRET = 'operator-secret-0123456789';
const T0 = new Date('2026-11-29T08:00:00.000Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

/**
 * Source health as several tracker-worker processes share it: each tallies its own calls and
 * merges them into one row per source; each looks for outages, and one notice per outage (and
 * one per recovery) reaches the operator whatever the number of processes (docs/carriers.md,
 * "Source health").
 */
describe('source health shared by tracker-worker processes', () => {
  let db: TestDatabase;
  let repository: SourceHealthRepository;
  let receiver: RecordingServer;
  let status = 200;
  let config: TrackerWorkerConfig;
  const prefix = testRedisPrefix();

  beforeAll(async () => {
    db = await createTestDatabase();
    repository = new SourceHealthRepository(db.dataSource);
    receiver = await RecordingServer.start((_request, response) => response.writeHead(status).end());
    config = testTrackerConfig(db.url, prefix, {
      SOURCE_DOWN_AFTER_SECONDS: 600,
      OPERATOR_WEBHOOK_URL: `${receiver.baseUrl}/operator`,
      OPERATOR_WEBHOOK_SECRET: SECRET,
    });
    await serveCarriers(db.dataSource, ['MAEU', 'HLCU', 'ONEY']);
  });

  afterAll(async () => {
    await receiver.close();
    await db.drop();
  });

  const health = async (code: string) => (await repository.list(at(0))).find((view) => view.code === code);
  const notices = (): Array<Record<string, unknown>> =>
    receiver.requests.map((request: RecordedRequest) => JSON.parse(request.body) as Record<string, unknown>);

  it('merges the calls of two processes: newest success and error win, failing since the first failure after the last success', async () => {
    const one = new SourceHealthRecorder(repository);
    const two = new SourceHealthRecorder(repository);
    one.saw('carrier', 'HLCU', { ok: true }, at(0));
    two.saw('carrier', 'HLCU', { ok: false, errorClass: 'unreachable', detail: 'carrier HLCU: no answer within 10000 ms' }, at(5));
    one.saw('carrier', 'HLCU', { ok: false, errorClass: 'auth_refused', detail: 'carrier HLCU: credentials refused (401)' }, at(10));
    await Promise.all([one.flushed(), two.flushed()]);
    expect(await health('HLCU')).toMatchObject({
      lastSuccessAt: at(0),
      lastErrorAt: at(10),
      lastErrorClass: 'auth_refused',
      lastErrorDetail: 'carrier HLCU: credentials refused (401)',
      failingSince: at(5),
      recentCalls: 3,
      recentErrors: 2,
    });
    two.saw('carrier', 'HLCU', { ok: true }, at(20));
    await two.flushed();
    expect(await health('HLCU')).toMatchObject({ lastSuccessAt: at(20), failingSince: null, lastErrorClass: 'auth_refused' });
  });

  it('tells the operator once of an outage and once of the recovery, however many processes look, signed as webhooks are', async () => {
    const recorder = new SourceHealthRecorder(repository);
    recorder.saw('carrier', 'MAEU', { ok: false, errorClass: 'auth_refused', detail: 'carrier MAEU: credentials refused (401)' }, at(0));
    await recorder.flushed();
    const watchers = [0, 1, 2].map(() => new SourceOutageWatcher(repository, new OperatorNotifier(config), config));
    const everyone = (now: Date) => Promise.all(watchers.map((watcher) => watcher.check(now)));

    await everyone(at(599));
    expect(notices()).toEqual([]); // failing for less than SOURCE_DOWN_AFTER_SECONDS: not down yet
    await everyone(at(600));
    await everyone(at(660));
    expect(notices()).toEqual([
      expect.objectContaining({
        event: 'source.down',
        source: { kind: 'carrier', code: 'MAEU' },
        failing_since: at(0).toISOString(),
        last_error: { at: at(0).toISOString(), class: 'auth_refused', detail: 'carrier MAEU: credentials refused (401)' },
      }),
    ]);
    const [request] = receiver.requests;
    const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature } = request!.headers;
    expect(signature).toBe(standardWebhookSignature({ secret: SECRET, id: String(id), timestamp: Number(timestamp), body: request!.body }));
    expect((await health('MAEU'))?.outageNotifiedAt).toEqual(at(600));

    recorder.saw('carrier', 'MAEU', { ok: true }, at(700));
    await recorder.flushed();
    await everyone(at(701));
    await everyone(at(760));
    expect(notices().map((notice) => notice['event'])).toEqual(['source.down', 'source.recovered']);
  });

  it('retries a notice the receiver answered 500 with backoff, and delivers it once, under the same id', async () => {
    const recorder = new SourceHealthRecorder(repository);
    recorder.saw('carrier', 'MAEU', { ok: false, errorClass: 'quota', detail: 'carrier MAEU: answered 429' }, at(800));
    await recorder.flushed();
    const watcher = new SourceOutageWatcher(repository, new OperatorNotifier(config), config);
    const before = receiver.requests.length;
    status = 500;
    await watcher.check(at(1400));
    expect(receiver.requests).toHaveLength(before + 1);
    // The outage stays declared: the notice waits for delivery, it is not given back.
    expect((await health('MAEU'))?.outageNotifiedAt).toEqual(at(1400));
    status = 200;
    await watcher.check(at(1410)); // within the first backoff (30 s): not sent again yet
    expect(receiver.requests).toHaveLength(before + 1);
    await watcher.check(at(1430));
    await watcher.check(at(1460));
    await watcher.check(at(5000));
    const sent = receiver.requests.slice(before);
    expect(sent.map((request) => request.headers['webhook-id'])).toEqual([sent[0]!.headers['webhook-id'], sent[0]!.headers['webhook-id']]);
    expect(
      notices()
        .slice(before)
        .map((notice) => [notice['id'], notice['event'], (notice['last_error'] as { class: string }).class, notice['sent_at']]),
    ).toEqual([
      [sent[0]!.headers['webhook-id'], 'source.down', 'quota', at(1400).toISOString()],
      [sent[0]!.headers['webhook-id'], 'source.down', 'quota', at(1430).toISOString()],
    ]);
  });

  it('sends a notice whose claiming process died before posting it, from another process once its lease has passed', async () => {
    const recorder = new SourceHealthRecorder(repository);
    recorder.saw('carrier', 'ONEY', { ok: false, errorClass: 'unreachable', detail: 'carrier ONEY: no answer within 10000 ms' }, at(2000));
    await recorder.flushed();
    // The process that "died": it claimed the outage and leased the notice, and never posted it.
    const claimed = await repository.claimOutages(at(2600), 600_000, (down) => ({
      event: 'source.down',
      source: { kind: down.kind, code: down.code },
      failing_since: down.failingSince,
    }));
    expect(claimed.map((down) => down.code)).toEqual(['ONEY']);
    const { due } = await repository.claimNotices(at(2600), 'a process that died', NOTICE_LEASE_MS, 16);
    expect(due.map((notice) => notice.code)).toEqual(['ONEY']);
    const before = receiver.requests.length;
    const other = new SourceOutageWatcher(repository, new OperatorNotifier(config), config);
    await other.check(at(2630)); // the lease still holds: the other process leaves the notice
    expect(receiver.requests).toHaveLength(before);
    await other.check(new Date(at(2600).getTime() + NOTICE_LEASE_MS));
    await other.check(new Date(at(2600).getTime() + 2 * NOTICE_LEASE_MS));
    expect(receiver.requests.slice(before).map((request) => request.headers['webhook-id'])).toEqual([due[0]!.id]);
    expect(notices().slice(before)).toEqual([
      expect.objectContaining({
        id: due[0]!.id,
        event: 'source.down',
        source: { kind: 'carrier', code: 'ONEY' },
        failing_since: at(2000).toISOString(),
      }),
    ]);
  });
});
