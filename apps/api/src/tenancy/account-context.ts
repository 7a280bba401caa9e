import type { AccountScope } from '@quayside/data-access';
import type { Account } from '@quayside/domain';

/**
 * The authenticated caller, resolved once per request by the API key guard. It is an
 * `AccountScope`, so it is what handlers pass to repositories.
 */
export interface AccountContext extends AccountScope {
  readonly account: Account;
  readonly apiKeyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    accountContext?: AccountContext;
  }
}
