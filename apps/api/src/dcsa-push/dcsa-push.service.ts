import { createHash, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { validateDcsa3Push } from '@quayside/carriers';
import { DcsaPushedEventRepository } from '@quayside/data-access';
import type { PushRecorded } from '@quayside/data-access';
import { JOB, jobRoute } from '@quayside/queues';
import { ApiConfig } from '../config/api.config';
import { DcsaRequestError } from '../dcsa-feed/dcsa-request.error';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * A carrier pushing DCSA 3.0 events (docs/dcsa.md, "Carriers that push"): the connection's token
 * is checked in constant time, the body against the 3.0 schema and the adapter's floor, and the
 * new versions are stored with a job applying them to every followed shipment they name.
 */
@Injectable()
export class DcsaPushService {
  private readonly tokens: ReadonlyMap<string, Buffer>;

  constructor(
    config: ApiConfig,
    private readonly pushed: DcsaPushedEventRepository,
  ) {
    this.tokens = new Map([...config.dcsaPushConnections].map(([connection, token]) => [connection, digest(token)]));
  }

  /** The connection the token opens (upper case); a 401 otherwise, the same whether the connection or the token is wrong. */
  authenticate(connection: string, authorization: string | undefined): string {
    const name = connection.trim().toUpperCase();
    const expected = this.tokens.get(name);
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    // Both sides are hashed so the comparison takes the same time whatever the lengths.
    const given = digest(presented ?? '');
    if (!expected || presented === undefined || !timingSafeEqual(expected, given)) {
      throw new DcsaRequestError(401, 'send the token of this carrier connection as Authorization: Bearer <token>', 'Authorization');
    }
    return name;
  }

  async receive(connection: string, body: unknown, now: Date): Promise<PushRecorded> {
    const checked = await validateDcsa3Push(body, now);
    if (!checked.ok)
      throw new DcsaRequestError(400, checked.problems.map((p) => p.message).join('; '), checked.problems[0]?.propertyPath ?? null);
    return this.pushed.record(connection, checked.events, jobRoute(JOB.applyDcsaPush));
  }
}
