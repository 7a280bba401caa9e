import type { DatabaseConnection } from '@quayside/data-access';

/** Notifications looked up per round trip of a poll. */
const WINDOW = 200;

/**
 * The notifications of one dispatcher measurement not yet seen `succeeded`, in the order the
 * dispatcher takes them. A poll reads the oldest ones by primary key, a window at a time, and
 * goes on to the next window only while every one of the window has succeeded: the poller's
 * own work is about one window per poll, where counting the whole batch read every one of its
 * notifications 20 times a second, on the cores the dispatcher was measured on. Each id is
 * looked up on its own: as `id = ANY(window)` the planner scanned every notification stored
 * (bench/README.md, "What is measured"). A notification not found counts as not delivered.
 */
export class PendingDeliveries {
  private pending: string[];

  constructor(ids: readonly string[]) {
    this.pending = [...ids];
  }

  get size(): number {
    return this.pending.length;
  }

  async poll(dataSource: DatabaseConnection): Promise<void> {
    while (this.pending.length > 0) {
      const window = this.pending.slice(0, WINDOW);
      const rows = await dataSource.query<Array<{ id: string }>>(
        `SELECT w.id FROM unnest($1::uuid[]) AS w(id)
         WHERE (SELECT n.delivery_status FROM webhook_notifications n WHERE n.id = w.id) IS DISTINCT FROM 'succeeded'`,
        [window],
      );
      const waiting = new Set(rows.map((row) => row.id));
      const left = window.filter((id) => waiting.has(id));
      this.pending.splice(0, window.length, ...left);
      // Some of the oldest are still on their way: the younger ones almost surely too.
      if (left.length > 0) return;
    }
  }
}
