import { Injectable, Logger } from '@nestjs/common';
import { ApiKeyRepository, hashApiKey, isDatabaseUnavailable, isWellFormedApiKey, sameHash } from '@quayside/data-access';
import { unauthorized } from '@quayside/domain';
import type { AccountContext } from '../tenancy/account-context';
import { AuthenticationCache } from './authentication-cache';
import type { AuthenticatedKey } from './authentication-cache';
import { parseAuthorizationHeader } from './authorization-header';

const MISSING = 'Missing API key. Send the header `Authorization: Token <API_KEY>`.';
const WRONG_SCHEME = 'Unsupported authorization scheme: send `Authorization: Token <API_KEY>` (the prefix is Token, not Bearer).';

/**
 * Turns the Authorization header into the caller's account, or a 401. The key is hashed at
 * once and only the hash is looked up and compared (in constant time); neither the key nor
 * its hash is ever logged.
 */

const LAST_USED_RESOLUTION_MS = 60_000;
@Injectable()
export class ApiKeyAuthenticator {
  private readonly logger = new Logger(ApiKeyAuthenticator.name);

  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly cache: AuthenticationCache,
  ) {}

  async authenticate(header: string | string[] | undefined): Promise<AccountContext> {
    const parsed = parseAuthorizationHeader(header);
    switch (parsed.kind) {
      case 'missing':
        throw unauthorized(MISSING);
      case 'other-scheme':
        throw unauthorized(WRONG_SCHEME);
      case 'malformed':
        throw unauthorized();
      case 'token':
        return this.lookUp(parsed.key);
    }
  }

  private async lookUp(key: string): Promise<AccountContext> {
    if (!isWellFormedApiKey(key)) throw unauthorized();
    const presented = hashApiKey(key);
    const found = this.cache.get(presented) ?? (await this.load(presented));
    if (!found || !sameHash(found.keyHash, presented)) throw unauthorized();
    this.recordUse(found);
    return { accountId: found.account.id, account: found.account, apiKeyId: found.apiKeyId };
  }

  private async load(presented: string): Promise<AuthenticatedKey | null> {
    const found = await this.apiKeys.findLiveByHash(presented).catch((error: unknown) => {
      // No connection in time carries no parameters, and is answered 503 (the pool was full).
      if (isDatabaseUnavailable(error)) throw error;
      // A driver error carries the query parameters (the hash): keep only its message.
      throw new Error(`API key lookup failed: ${error instanceof Error ? error.message : 'unknown error'}`);
    });
    if (found) this.cache.remember(found);
    return found;
  }

  /** Key use is recorded at most once a minute: no write on the hot path of every request. */
  private recordUse(found: AuthenticatedKey): void {
    const now = new Date();
    if (found.lastUsedAt !== null && now.getTime() - found.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    // The remembered entry notes the use too, so the next requests do not write again.
    found.lastUsedAt = now;
    this.apiKeys.touchLastUsed(found.apiKeyId).catch((error: unknown) => {
      this.logger.warn(
        { reason: error instanceof Error ? error.message : 'unknown', apiKeyId: found.apiKeyId },
        'Could not record key use',
      );
    });
  }
}
