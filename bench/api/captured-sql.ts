import { ContainerRepository, createDatabaseConnection, ListTotals, OutboxRepository, ShipmentRepository } from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import type { Logger } from 'typeorm';

export interface Statement {
  sql: string;
  params: unknown[];
}

/** A list page as the repository reads it: the page's rows, then the bounded count. */
export interface ListStatements {
  rows: Statement;
  count: Statement;
}

/**
 * The SQL the api's repositories send for each benchmarked request, as TypeORM logged it,
 * for the bare server to send unchanged. Parameters that depend on the request (the id asked
 * for, the ids of the page just read) are replaced by the bare server; the rest are as logged.
 */
export interface QueryPlan {
  databaseUrl: string;
  accountId: string;
  /** Result column holding the id, as TypeORM aliases it (`row_id`, `shipment_id`). */
  containerIdColumn: string;
  shipmentIdColumn: string;
  /** Keyed `<page number>:<page size>`. */
  containerLists: Record<string, ListStatements>;
  /** `$1` = the container id. */
  containerById: string;
  /** `$1` = account id, `$2` = container ids. */
  transportEventIds: string;
  shipmentLists: Record<string, ListStatements>;
  /** `$1` = shipment ids, `$2` = account id. */
  shipmentContainerIds: string;
  /** `$1` = account id, `$2` = the container ids (one uuid[] parameter). */
  containersByIds: string;
}

export function pageKey(number: number, size: number): string {
  return `${number}:${size}`;
}

export class CapturingLogger implements Logger {
  readonly statements: Statement[] = [];

  logQuery(query: string, parameters?: unknown[]): void {
    this.statements.push({ sql: query, params: parameters ?? [] });
  }

  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}

export function only(statements: readonly Statement[], what: string, test: (sql: string) => boolean): Statement {
  const found = statements.filter((statement) => test(statement.sql));
  if (found.length !== 1) {
    throw new Error(
      `expected one ${what} statement from the repository, saw ${found.length} among:\n${statements.map((s) => `  ${s.sql}`).join('\n')}`,
    );
  }
  return found[0]!;
}

function idColumnOf(sql: string | undefined): string {
  const match = /"\w+"\."id" AS "(\w+)"/.exec(sql ?? '');
  if (!match) throw new Error(`no id column in: ${sql ?? '(no statement)'}`);
  return match[1]!;
}

const isCount = (sql: string): boolean => /\bCOUNT\s*\(/i.test(sql);
/** The COUNT every list request sends: bounded by a LIMIT (the exact total above it is kept a minute). */
export const isBoundedCount = (sql: string): boolean => isCount(sql) && /\bLIMIT\b/i.test(sql);
export const isPage = (sql: string): boolean => /\bLIMIT\b/i.test(sql) && !isCount(sql);

/**
 * Runs the repository calls behind each request once, against the bench database, with a
 * logger that keeps every statement. Reading the statements from TypeORM (instead of writing
 * them again) keeps the bare server on the same SQL when a repository changes; a change in
 * their shape (another statement, one fewer) stops the bench with what was seen.
 */
export interface Page {
  number: number;
  size: number;
  /** The page `links.last` names (`page[before]=end`): the list's last rows, read backwards. */
  last?: boolean;
}

export async function captureQueryPlan(
  databaseUrl: string,
  accountId: string,
  pages: { containers: readonly Page[]; shipments: readonly Page[] },
): Promise<QueryPlan> {
  const logger = new CapturingLogger();
  const dataSource: DatabaseConnection = createDatabaseConnection(databaseUrl, { logging: ['query'], logger });
  await dataSource.initialize();
  const scope = { accountId };
  // One ListTotals, as in the api process: a large total is counted once, then kept (the
  // bounded COUNT below is what every request sends).
  const totals = new ListTotals();
  const containers = new ContainerRepository(dataSource, new OutboxRepository(dataSource), totals);
  const shipments = new ShipmentRepository(dataSource, new OutboxRepository(dataSource), totals);
  const record = async (work: () => Promise<unknown>): Promise<Statement[]> => {
    logger.statements.length = 0;
    await work();
    return [...logger.statements];
  };
  try {
    const plan: QueryPlan = {
      databaseUrl,
      accountId,
      containerIdColumn: '',
      shipmentIdColumn: '',
      containerLists: {},
      containerById: '',
      transportEventIds: '',
      shipmentLists: {},
      shipmentContainerIds: '',
      containersByIds: '',
    };
    let firstContainerId: string | undefined;
    let firstShipmentContainerIds: string[] = [];
    for (const page of pages.containers) {
      let listed: Awaited<ReturnType<ContainerRepository['list']>> | undefined;
      const containerStatements = await record(async () => {
        listed = await containers.list(
          scope,
          {},
          { offset: (page.number - 1) * page.size, size: page.size, ...(page.last ? { before: 'end' as const } : {}) },
        );
      });
      plan.containerLists[pageKey(page.number, page.size)] = {
        rows: only(containerStatements, 'container page', isPage),
        count: only(containerStatements, 'container count', isBoundedCount),
      };
      plan.transportEventIds = only(containerStatements, 'transport event ids', (sql) => sql.includes('FROM transport_events')).sql;
      firstContainerId ??= listed?.rows[0]?.id;
    }
    for (const page of pages.shipments) {
      let shipmentPage: Awaited<ReturnType<ShipmentRepository['list']>> | undefined;
      const shipmentStatements = await record(async () => {
        shipmentPage = await shipments.list(scope, {}, { offset: (page.number - 1) * page.size, size: page.size });
      });
      plan.shipmentLists[pageKey(page.number, page.size)] = {
        rows: only(shipmentStatements, 'shipment page', isPage),
        count: only(shipmentStatements, 'shipment count', isBoundedCount),
      };
      plan.shipmentContainerIds = only(shipmentStatements, 'container ids of shipments', (sql) => sql.includes('FROM containers')).sql;
      if (firstShipmentContainerIds.length === 0) firstShipmentContainerIds = shipmentPage?.rows.flatMap((row) => row.container_ids) ?? [];
    }
    plan.containerIdColumn = idColumnOf(Object.values(plan.containerLists)[0]?.rows.sql);
    plan.shipmentIdColumn = idColumnOf(Object.values(plan.shipmentLists)[0]?.rows.sql);
    if (firstContainerId === undefined) throw new Error('the bench account has no containers to read');
    const byId = await record(() => containers.findOwnedWithEvents(scope, firstContainerId));
    plan.containerById = only(byId, 'container by id', (sql) => sql.includes('"row"."id" = $1') || /\.id\s*=\s*\$1/.test(sql)).sql;
    const included = await record(() => containers.findManyOwnedWithEvents(scope, firstShipmentContainerIds));
    plan.containersByIds = only(included, 'containers by ids', (sql) => /"row"\."id" = ANY\(/.test(sql)).sql;
    return plan;
  } finally {
    await dataSource.destroy();
  }
}
