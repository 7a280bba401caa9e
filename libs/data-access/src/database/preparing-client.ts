import { createHash } from 'node:crypto';
import { Client } from 'pg';

/** Statements a connection keeps prepared; further new texts are sent unnamed, as before. */
export const PREPARED_PER_CONNECTION = 256;

/** Postgres' "cached plan must not change result type": a prepared `SELECT *` after its table changed. */
const RESULT_TYPE_CHANGED = '0A000';

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    // Texts are the repositories' statements: a few hundred shapes. Forgetting them all now
    // and then bounds the map if something ever builds texts without end.
    if (names.size >= 4_096) names.clear();
    name = `qs_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The `pg` client every connection of the DataSource uses: a statement with parameters is sent
 * as a named prepared statement (the name is a hash of its text), so Postgres parses, analyses
 * and plans it once per connection instead of on every execution, and after five executions
 * may keep a generic plan. The tracker's statements are large (data-modifying CTEs, `json_agg`
 * reads): parsing and planning them was about a quarter of Postgres' CPU for a refresh of one
 * shipment. Statements without parameters (BEGIN, COMMIT, DDL) go as they are.
 *
 * A prepared `SELECT *` fails once if its table gained a column since (a migration applied
 * while this process runs): that statement's name is retired on this connection, the failing
 * transaction is retried like any other failed job, and the text is sent unnamed from then on.
 *
 * A subclass of `pg`'s `Client` that overrides its public `query` and calls the original
 * through `super` with a documented query config (`{ name, text, values }`, pg's named
 * prepared statements); the pool builds it through pg-pool's documented `Client` option
 * (`data-source-options.ts`). Nothing of `pg` or TypeORM is replaced.
 */
export class PreparingClient extends Client {
  private readonly prepared = new Set<string>();
  private readonly retired = new Set<string>();

  // pg's overloads answer a promise, nothing (with a callback) or the submittable given; this
  // answers what the one it calls does.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: unknown, values?: unknown, callback?: unknown): any {
    const plain = super.query.bind(this) as Query;
    if (typeof config !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined)
      return plain(config, values, callback);
    const name = nameOf(config);
    if (this.retired.has(name) || (!this.prepared.has(name) && this.prepared.size >= PREPARED_PER_CONNECTION)) return plain(config, values);
    this.prepared.add(name);
    return (plain({ name, text: config, values }) as Promise<unknown>).catch((error: unknown) => {
      if ((error as { code?: unknown }).code === RESULT_TYPE_CHANGED) this.retired.add(name);
      throw error;
    });
  }
}
