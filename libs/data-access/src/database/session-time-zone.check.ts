import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Behind a transaction-mode pooler a connection cannot set its time zone at start-up (PgBouncer
 * refuses the `options` startup parameter), yet every statement assumes UTC (`::date`, text casts
 * of `timestamptz`). So a process started that way looks at what the server gives and refuses to
 * start on anything else, naming the fix, rather than answer with dates a day off.
 */
@Injectable()
export class SessionTimeZoneCheck implements OnModuleInit {
  constructor(private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    const rows = await this.dataSource.query<{ TimeZone: string }[]>('SHOW TimeZone');
    const zone = rows[0]?.TimeZone ?? '';
    if (isUtc(zone)) return;
    throw new Error(
      `DATABASE_POOL_MODE=transaction: the server's sessions run in time zone "${zone}", and through a transaction-mode ` +
        `pooler Quayside cannot set UTC per connection. Set it for Quayside's role or database ` +
        `(ALTER ROLE <role> SET TimeZone = 'UTC', or ALTER DATABASE <database> SET TimeZone = 'UTC').`,
    );
  }
}

function isUtc(zone: string): boolean {
  return ['UTC', 'Etc/UTC', 'Etc/UCT', 'UCT', 'Etc/Universal', 'Universal', 'Zulu', 'Etc/Zulu', 'GMT', 'Etc/GMT'].includes(zone);
}
