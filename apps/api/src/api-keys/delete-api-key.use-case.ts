import { Injectable } from '@nestjs/common';
import { ApiKeyRepository } from '@quayside/data-access';
import type { AccountScope } from '@quayside/data-access';
import { conflict } from '@quayside/domain';

/** Deletes a key (it stops working at once), but never the account's last one. */
@Injectable()
export class DeleteApiKeyUseCase {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  async execute(scope: AccountScope, id: string): Promise<void> {
    const outcome = await this.apiKeys.deleteUnlessLast(scope, id);
    if (outcome === 'last') {
      throw conflict('This is the account\'s last API key. Create a new key first, then delete this one.');
    }
  }
}
