/**
 * Writes a migration with the SQL that brings a database built from the committed
 * migrations to the current entities. Read the generated file before committing it.
 *
 *   node -r @swc-node/register tools/cli/migration-generate.ts AddSomething
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createDatabase,
  createDatabaseConnection,
  dropDatabase,
  pendingSchemaChanges,
  runMigrations,
  withAdminClient,
  withDatabaseName,
} from '@quayside/data-access';
import { databaseUrlFromEnv } from './cli-config';

const MIGRATIONS_DIR = join(__dirname, '..', '..', 'libs', 'data-access', 'src', 'migrations');

function toKebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

function renderQueries(queries: string[]): string {
  return queries
    .map((query) => `    await queryRunner.query(\`${query.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\`);`)
    .join('\n');
}

function renderMigration(className: string, up: string[], down: string[]): string {
  return `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${renderQueries(up)}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${renderQueries(down)}
  }
}
`;
}

/** Rewrites the migrations index from the files on disk, oldest first. */
function writeIndex(): void {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d+-[a-z0-9-]+\.ts$/.test(file))
    .sort();
  const entries = files.map((file) => {
    const base = file.replace(/\.ts$/, '');
    const className = /export class (\w+)/.exec(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'))?.[1];
    if (!className) throw new Error(`${file} exports no migration class`);
    return { base, className };
  });
  const source = `import type { MigrationInterface } from 'typeorm';
${entries.map((e) => `import { ${e.className} } from './${e.base}';`).join('\n')}

// Listed explicitly (not globbed) so swc-node, jest and the built image load the same set.
// \`tools/cli/migration-generate.ts\` rewrites this list from the files in this folder.
export const MIGRATIONS: (new () => MigrationInterface)[] = [${entries.map((e) => e.className).join(', ')}];
`;
  writeFileSync(join(MIGRATIONS_DIR, 'index.ts'), source);
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) {
    console.error('usage: migration-generate.ts <PascalCaseName>');
    process.exitCode = 2;
    return;
  }
  const baseUrl = databaseUrlFromEnv();
  const scratch = `quayside_gen_${randomBytes(4).toString('hex')}`;
  await withAdminClient(baseUrl, (client) => createDatabase(client, scratch));
  const dataSource = createDatabaseConnection(withDatabaseName(baseUrl, scratch));
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    const changes = await pendingSchemaChanges(dataSource);
    if (changes.up.length === 0) {
      console.log('Entities and migrations agree: nothing to generate.');
      return;
    }
    const timestamp = Date.now();
    const className = `${name}${timestamp}`;
    const file = join(MIGRATIONS_DIR, `${timestamp}-${toKebab(name)}.ts`);
    writeFileSync(file, renderMigration(className, changes.up, changes.down));
    writeIndex();
    console.log(`Wrote ${file} (${changes.up.length} statements). Read it before committing.`);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await withAdminClient(baseUrl, (client) => dropDatabase(client, scratch));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
