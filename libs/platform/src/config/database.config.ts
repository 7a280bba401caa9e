import { readFileSync } from 'node:fs';
import { DATABASE_POOL_MODES, DATABASE_TLS_MODES } from '@quayside/data-access';
import type { DataAccessModuleOptions, DatabasePoolMode, DatabaseTlsMode } from '@quayside/data-access';
import { IsIn, IsInt, Matches, Max, Min, ValidateBy } from 'class-validator';
import type { ValidationArguments } from 'class-validator';
import { readsAsPem } from './pem-file';

const POSTGRES_URL = /^postgres(ql)?:\/\/.+/;
/** pg reads these from a URL with its own meaning of each mode; TLS is set in one place instead. */
const TLS_URL_PARAMETERS = ['ssl', 'sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'sslnegotiation', 'uselibpqcompat'];

function tlsParameterOf(url: string): string | undefined {
  try {
    const parameters = new URL(url).searchParams;
    return TLS_URL_PARAMETERS.find((name) => parameters.has(name));
  } catch {
    return undefined;
  }
}

function noTlsInUrl(variable: string): PropertyDecorator {
  return ValidateBy({
    name: 'noTlsInUrl',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || tlsParameterOf(value) === undefined,
      defaultMessage: (args?: ValidationArguments) =>
        `${variable} must not carry "${tlsParameterOf(String(args?.value ?? ''))}": set DATABASE_SSL_MODE and DATABASE_SSL_CA_FILE instead`,
    },
  });
}

/**
 * How a process reaches PostgreSQL: the address, TLS, its pool and the kind of pooler in front
 * (docs/deploy.md, "Production Redis and PostgreSQL"). Every app's configuration extends it
 * (through BaseAppConfig), and the command-line tools read it alone.
 */
export class DatabaseConfig {
  @Matches(POSTGRES_URL, { message: 'DATABASE_URL must be a postgres:// URL' })
  @noTlsInUrl('DATABASE_URL')
  DATABASE_URL: string = 'postgres://postgres@127.0.0.1:5432/quayside';

  /**
   * TLS to Postgres, as libpq's `sslmode`: `disable`, `require` (encrypted, the certificate not
   * checked), `verify-ca` (the chain checked against DATABASE_SSL_CA_FILE), `verify-full` (the
   * chain and the server's name or address).
   */
  @IsIn(['disable', ...DATABASE_TLS_MODES])
  @ValidateBy({
    name: 'caForVerifyCa',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        value !== 'verify-ca' || (args?.object as DatabaseConfig | undefined)?.DATABASE_SSL_CA_FILE !== '',
      defaultMessage: () => 'DATABASE_SSL_MODE verify-ca needs DATABASE_SSL_CA_FILE (the CA the server certificate must lead to)',
    },
  })
  DATABASE_SSL_MODE: 'disable' | DatabaseTlsMode = 'disable';

  /** PEM file of the CA(s) Postgres' certificate must lead to; empty: Node's bundled CAs (`verify-full`). */
  @ValidateBy({
    name: 'isPemFile',
    validator: {
      validate: readsAsPem,
      defaultMessage: () => 'DATABASE_SSL_CA_FILE must name a readable file holding PEM certificates',
    },
  })
  DATABASE_SSL_CA_FILE: string = '';

  /** Connections one process opens at most. */
  @IsInt()
  @Min(1)
  @Max(1000)
  DATABASE_POOL_SIZE: number = 10;

  /**
   * How long a query waits for a free connection of the pool (or for a new one to connect)
   * before it fails: the api then answers 503 with Retry-After instead of hanging.
   */
  @IsInt()
  @Min(100)
  @Max(600_000)
  DATABASE_POOL_TIMEOUT_MS: number = 5_000;

  /**
   * `session`: DATABASE_URL is Postgres itself or a session-mode pooler. `transaction`: a
   * transaction-mode pooler (PgBouncer `pool_mode = transaction`): statements go unnamed, and
   * what needs a session (the migrations' schema lock) uses DATABASE_DIRECT_URL.
   */
  @IsIn(DATABASE_POOL_MODES)
  DATABASE_POOL_MODE: DatabasePoolMode = 'session';

  /** A connection to Postgres that bypasses a transaction-mode pooler; empty: none. */
  @ValidateBy({
    name: 'isOptionalPostgresUrl',
    validator: {
      validate: (value: unknown) => value === '' || (typeof value === 'string' && POSTGRES_URL.test(value)),
      defaultMessage: () => 'DATABASE_DIRECT_URL must be a postgres:// URL',
    },
  })
  @noTlsInUrl('DATABASE_DIRECT_URL')
  DATABASE_DIRECT_URL: string = '';

  /** What DataAccessModule and the tools' connections are built from (reads the CA file). */
  get databaseConnection(): Omit<DataAccessModuleOptions, 'genericPlans'> {
    const mode = this.DATABASE_SSL_MODE;
    const ca = this.DATABASE_SSL_CA_FILE === '' ? undefined : readFileSync(this.DATABASE_SSL_CA_FILE, 'utf8');
    return {
      databaseUrl: this.DATABASE_URL,
      ...(mode === 'disable' ? {} : { tls: { mode, ...(ca === undefined ? {} : { ca }) } }),
      poolSize: this.DATABASE_POOL_SIZE,
      poolTimeoutMs: this.DATABASE_POOL_TIMEOUT_MS,
      poolMode: this.DATABASE_POOL_MODE,
    };
  }

  /**
   * Where session-bound work connects: the migrations' schema lock. Null
   * behind a transaction-mode pooler without DATABASE_DIRECT_URL.
   */
  get sessionDatabaseUrl(): string | null {
    if (this.DATABASE_POOL_MODE !== 'transaction') return this.DATABASE_URL;
    return this.DATABASE_DIRECT_URL === '' ? null : this.DATABASE_DIRECT_URL;
  }
}
