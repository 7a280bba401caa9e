import type { DeliveryOutcome, TallySnapshot } from './delivery-tally';
import type { NotificationView } from './notification-view';

export interface RequestLine {
  number: string;
  status: string;
  failedReason: string | null;
}

export interface ProgressInput {
  elapsedMs: number;
  settled: number;
  total: number;
  tally: TallySnapshot;
  /** The latest milestone of the container whose whole lifecycle is watched, e.g. `QSDU2020550 vessel_departed`. */
  lifecycle: string | null;
}

export interface SummaryInput {
  elapsedMs: number;
  tally: TallySnapshot;
  requests: RequestLine[];
  /** Notifications the service marks `failed` (null: could not be read). */
  failedDeliveries: number | null;
  /** Why the demo stopped. */
  ending: 'complete' | 'timeout' | 'interrupted';
}

const EVENT_WIDTH = 46;
const SUBJECT_WIDTH = 26;
const COUNT_WIDTH = 8;

/** `42s`, `2m 05s`. */
export function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/** One line per delivery: time (UTC), event, subject, detail; retries and rejections marked. */
export function formatNotificationLine(receivedAt: Date, view: NotificationView, outcome: DeliveryOutcome): string {
  const time = receivedAt.toISOString().slice(11, 23);
  const mark = outcome === 'retry' ? ' (retry)' : outcome === 'rejected' ? ' REJECTED: bad signature' : '';
  return `${time}  ${view.event.padEnd(EVENT_WIDTH)} ${view.subject.padEnd(SUBJECT_WIDTH)} ${view.detail}${mark}`.trimEnd();
}

export function formatProgress(input: ProgressInput): string {
  const parts = [
    formatElapsed(input.elapsedMs),
    `requests ${input.settled}/${input.total} settled`,
    `${input.tally.notifications} notifications`,
    `${input.tally.retries} retries`,
    `${input.tally.signatureFailures} rejected`,
  ];
  if (input.lifecycle !== null) parts.push(input.lifecycle);
  return `  … ${parts.join(' · ')}`;
}

function row(width: number, label: string, value: string | number): string {
  return `  ${label.padEnd(width)} ${String(value).padStart(COUNT_WIDTH)}`;
}

const ENDINGS: Record<SummaryInput['ending'], string> = {
  complete: 'every lifecycle complete',
  timeout: 'stopped at the time limit before every lifecycle completed',
  interrupted: 'interrupted',
};

/** The table printed at the end: notifications per event, then deliveries, retries and failures. */
export function formatSummary(input: SummaryInput): string {
  const { tally } = input;
  // Wide enough for the longest event name (up to 59 characters) so the counts stay in one column.
  const width = Math.max(EVENT_WIDTH, ...tally.perEvent.map(([event]) => event.length), ...input.requests.map((r) => r.number.length));
  const line = (label: string, value: string | number): string => row(width, label, value);
  const rule = `  ${'-'.repeat(width)} ${'-'.repeat(COUNT_WIDTH)}`;
  const lines = [
    '',
    `Summary after ${formatElapsed(input.elapsedMs)} (${ENDINGS[input.ending]})`,
    '',
    line('event', 'count'),
    rule,
    ...(tally.perEvent.length === 0 ? ['  (no notifications received)'] : tally.perEvent.map(([event, count]) => line(event, count))),
    rule,
    line('notifications (distinct ids)', tally.notifications),
    line('deliveries received', tally.deliveries),
    line('retries (an id received again)', tally.retries),
    line('failed deliveries (service reports failed)', input.failedDeliveries ?? 'n/a'),
    line('rejected deliveries (signature did not verify)', tally.signatureFailures),
  ];
  if (input.requests.length > 0) {
    lines.push('', `${'  tracking request'.padEnd(width + 2)} status`, rule);
    for (const request of input.requests) {
      const status =
        request.failedReason && request.failedReason !== request.status ? `${request.status} (${request.failedReason})` : request.status;
      lines.push(`  ${request.number.padEnd(width)} ${status}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
