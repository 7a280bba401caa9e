import { DataSource } from 'typeorm';
import type { EntitySubscriberInterface } from 'typeorm';
import type { DatabaseConnection } from './database-connection';

/** The injection token of the apps' connection: tests fetch it with `app.get(DATABASE_CONNECTION)`. */
export const DATABASE_CONNECTION = DataSource;

export interface StatementLog {
  /** The SQL of every statement sent since `recordStatements`, in order (transaction control included). */
  readonly statements: string[];
  stop(): void;
}

/**
 * Records the statements a piece of work sends, so tests can hold a query budget (one
 * statement per relationship, one UPDATE per batch) without reaching into TypeORM.
 */
export function recordStatements(connection: DatabaseConnection): StatementLog {
  const statements: string[] = [];
  const subscriber: EntitySubscriberInterface = { beforeQuery: (event) => void statements.push(event.query) };
  connection.subscribers.push(subscriber);
  return {
    statements,
    stop: () => {
      const at = connection.subscribers.indexOf(subscriber);
      if (at >= 0) connection.subscribers.splice(at, 1);
    },
  };
}
