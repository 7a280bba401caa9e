import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager, EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';

/** Where a transaction that added outbox rows says so, in its query runner's `data` (TypeORM's place for what subscribers share). */
const ROWS_ADDED = 'quaysideOutboxRowsAdded';

/**
 * Wakes this process's outbox relay when a transaction that added outbox rows commits, so the
 * rows leave at once instead of at the relay's next poll (OUTBOX_POLL_INTERVAL_MS: up to 200 ms
 * at each hand-over between processes, request → tracker → fan-out → delivery). A TypeORM
 * subscriber (`afterTransactionCommit`), registered on the data source as TypeORM's docs and
 * Nest's show: nothing is sent to Postgres. The relay of the process that wrote the rows
 * publishes them; any relay may, since claims skip each other's rows.
 *
 * It replaced a trigger that sent `NOTIFY` with every such statement, heard by one elected
 * process (migration RelaysWokenAfterCommit): a transaction that notifies takes one lock of the
 * whole database at its commit and holds it through the commit's WAL flush, so every commit that
 * added outbox rows waited for the one before it. 16 clients of pgbench committing an insert
 * each: 2,360–2,660 commits/s, 410–540 with a `pg_notify` in each (2 cores, fsync 1.25 ms), while
 * one DCSA push costs three or four such commits (stored, applied, fanned out, delivered).
 *
 * Only a hint, as before: rows due later, and rows of a process that does not relay (the CLI),
 * are found by the relays' polling.
 */
@Injectable()
export class OutboxCommitSubscriber implements EntitySubscriberInterface {
  private readonly listeners = new Set<() => void>();

  constructor(dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  /**
   * Called by every writer of outbox rows, with the manager it wrote through: inside a
   * transaction the wake waits for its commit (a rollback wakes nobody); outside one the
   * statement has committed already.
   */
  static rowsAdded(manager: EntityManager): void {
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) {
      runner.data = { ...runner.data, [ROWS_ADDED]: true };
      return;
    }
    for (const subscriber of manager.connection.subscribers) if (subscriber instanceof OutboxCommitSubscriber) subscriber.wake();
  }

  /** `listener` runs after each commit that added outbox rows; the returned function stops it. */
  onRowsCommitted(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    // A savepoint released: the rows are not committed until the outermost transaction is.
    if (event.queryRunner.isTransactionActive || event.queryRunner.data?.[ROWS_ADDED] !== true) return;
    this.forget(event);
    this.wake();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) this.forget(event);
  }

  private forget(event: TransactionCommitEvent | TransactionRollbackEvent): void {
    // The runner may serve another transaction after this one (a runner of one's own).
    const { [ROWS_ADDED]: _, ...rest } = event.queryRunner.data ?? {};
    event.queryRunner.data = rest;
  }

  private wake(): void {
    for (const listener of this.listeners) listener();
  }
}
