import type { EntityManager } from 'typeorm';
import { queryRows } from './query-rows';

/**
 * Writes that do not read each other's effects, gathered as data-modifying CTEs of one
 * statement: one round trip instead of one per table, which is most of what a transaction
 * about one shipment costs. Every CTE runs to completion once, whether the final SELECT reads
 * it or not; all of them see the snapshot the statement started with, so only writes that do
 * not depend on another part's effects (nor touch the same row twice) may share a statement.
 */
export class CombinedStatement {
  private readonly parts: string[] = [];
  private readonly parameters: unknown[] = [];

  get isEmpty(): boolean {
    return this.parts.length === 0;
  }

  /** A parameter placeholder (`$n`) for `value`. */
  parameter(value: unknown): string {
    this.parameters.push(value);
    return `$${this.parameters.length}`;
  }

  /** Adds `name AS (sql)`; `sql` takes its values through `parameter`. */
  add(name: string, sql: string): void {
    this.parts.push(`${name} AS (${sql})`);
  }

  /** Sends the statement, ending with `select` (which may read the parts' RETURNING rows). */
  async run<T extends object>(manager: EntityManager, select: string): Promise<T[]> {
    return queryRows<T>(manager, `WITH ${this.parts.join(',\n')}\n${select}`, this.parameters);
  }
}
