import type { RequestLine } from './demo-format';
import type { NotificationView } from './notification-view';
import type { TrackingRequestState } from './quayside-client';

const RANK: Readonly<Record<string, number>> = { pending: 0, awaiting_manifest: 1, succeeded: 2, failed: 2, tracking_stopped: 3 };
const SETTLED = new Set(['succeeded', 'failed', 'tracking_stopped']);
const MILESTONE_PREFIX = 'container.transport.';

/** The request whose containers the demo follows until they are returned empty. */
export interface WatchedLifecycle {
  number: string;
  containers: readonly string[];
}

/**
 * When the demo is done: every tracking request settled (succeeded, failed or stopped) and,
 * when one is watched, the whole lifecycle's containers returned empty (or its tracking
 * stopped). Fed by notifications as they arrive and by the API's answers when polled; a
 * status never moves back (a retried `succeeded` arriving after `tracking_stopped`).
 */
export class LifecycleWatch {
  private readonly byId = new Map<string, TrackingRequestState>();
  private readonly returned = new Set<string>();
  private lastMilestone: string | null = null;

  constructor(
    requests: readonly TrackingRequestState[],
    private readonly lifecycle: WatchedLifecycle | null,
  ) {
    for (const request of requests) this.byId.set(request.id, { ...request });
  }

  noteNotification(view: NotificationView): void {
    if (view.trackingRequestId !== null && view.event.startsWith('tracking_request.')) {
      const current = this.byId.get(view.trackingRequestId);
      if (current) this.advance(current, view.event.slice('tracking_request.'.length), view.failedReason);
    }
    if (
      view.containerNumber !== null &&
      this.lifecycle?.containers.includes(view.containerNumber) &&
      view.event.startsWith(MILESTONE_PREFIX)
    ) {
      this.lastMilestone = `${view.containerNumber} ${view.event.slice(MILESTONE_PREFIX.length)}`;
      if (view.event === 'container.transport.empty_in') this.returned.add(view.containerNumber);
    }
  }

  noteState(state: TrackingRequestState): void {
    const current = this.byId.get(state.id);
    if (current) this.advance(current, state.status, state.failedReason);
  }

  /** Requests worth asking the API about: not settled, or the watched one until its lifecycle ends. */
  toPoll(): TrackingRequestState[] {
    return [...this.byId.values()].filter((r) => !SETTLED.has(r.status) || (this.isWatched(r) && !this.lifecycleDone()));
  }

  get settled(): number {
    return [...this.byId.values()].filter((r) => SETTLED.has(r.status)).length;
  }

  get total(): number {
    return this.byId.size;
  }

  get complete(): boolean {
    return this.settled === this.total && this.lifecycleDone();
  }

  /** e.g. `QSDU2020550 vessel_departed`; null until the watched container has a milestone. */
  get lifecycleProgress(): string | null {
    return this.lastMilestone;
  }

  /** Every request with what is known of it now. */
  requests(): TrackingRequestState[] {
    return [...this.byId.values()].map((r) => ({ ...r }));
  }

  requestLines(): RequestLine[] {
    return [...this.byId.values()].map((r) => ({ number: r.number, status: r.status, failedReason: r.failedReason }));
  }

  private isWatched(request: TrackingRequestState): boolean {
    return this.lifecycle !== null && request.number === this.lifecycle.number;
  }

  private lifecycleDone(): boolean {
    if (this.lifecycle === null) return true;
    const request = [...this.byId.values()].find((r) => this.isWatched(r));
    if (request?.status === 'tracking_stopped' || request?.status === 'failed') return true;
    return this.lifecycle.containers.length > 0 && this.lifecycle.containers.every((c) => this.returned.has(c));
  }

  private advance(request: TrackingRequestState, status: string, failedReason: string | null): void {
    if ((RANK[status] ?? 0) < (RANK[request.status] ?? 0)) return;
    request.status = status;
    request.failedReason = failedReason;
  }
}
