import { Injectable } from '@nestjs/common';
import { ApiKeyRepository } from '@quayside/data-access';
import type { AccountScope } from '@quayside/data-access';
import { conflict } from '@quayside/domain';
import { AuthenticationCache } from '../auth/authentication-cache';

/** Deletes a key (it stops working at once, in every api process), but never the account's last one. */
@Injectable()
export class DeleteApiKeyUseCase {
  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly authentication: AuthenticationCache,
  ) {}

  async execute(scope: AccountScope, id: string): Promise<void> {
    const outcome = await this.apiKeys.deleteUnlessLast(scope, id);
    if (outcome === 'last') {
      throw conflict("This is the account's last API key. Create a new key first, then delete this one.");
    }
    await this.authentication.forget(id);
  }
}
