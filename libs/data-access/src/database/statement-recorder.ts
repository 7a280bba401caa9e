import { DataSource } from 'typeorm';
import type { EntitySubscriberInterface } from 'typeorm';
import type { DatabaseConnection } from './database-connection';

/**
 * The injection token of the apps' connection: tests fetch it with `app.get(DATABASE_CONNECTION)`.
 * @internal Exported for tests: they read the statements a call sends.
 */
export const DATABASE_CONNECTION = DataSource;

export interface StatementLog {
  /** The SQL of every statement sent since `recordStatements`, in order (transaction control included). */
  readonly statements: string[];
  /** The same statements with the values bound to them, for tests that compare both. */
  readonly sent: Array<{ sql: string; parameters: unknown[] }>;
  stop(): void;
}

/**
 * Records the statements a piece of work sends, so tests can hold a query budget (one
 * statement per relationship, one UPDATE per batch) without reaching into TypeORM.
 */
export function recordStatements(connection: DatabaseConnection): StatementLog {
  const statements: string[] = [];
  const sent: Array<{ sql: string; parameters: unknown[] }> = [];
  const subscriber: EntitySubscriberInterface = {
    beforeQuery: (event) => {
      statements.push(event.query);
      sent.push({ sql: event.query, parameters: event.parameters ?? [] });
    },
  };
  connection.subscribers.push(subscriber);
  return {
    statements,
    sent,
    stop: () => {
      const at = connection.subscribers.indexOf(subscriber);
      if (at >= 0) connection.subscribers.splice(at, 1);
    },
  };
}

/**
 * The statements `work` sends (recording stops when it ends, however it ends), with its result.
 * @internal Exported for tests: they read the statements a call sends.
 */
export async function recordStatementsDuring<T>(
  connection: DatabaseConnection,
  work: () => Promise<T>,
): Promise<{ result: T; statements: string[]; sent: StatementLog['sent'] }> {
  const log = recordStatements(connection);
  try {
    const result = await work();
    return { result, statements: log.statements, sent: log.sent };
  } finally {
    log.stop();
  }
}
