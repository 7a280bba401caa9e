import { Injectable } from '@nestjs/common';
import { ApiKeyRepository, generateApiKey } from '@quayside/data-access';
import type { AccountScope } from '@quayside/data-access';
import type { ApiKeyView } from './api-key.resource';

/** Creates a key and returns it in full this one time; only its hash is stored. */
@Injectable()
export class CreateApiKeyUseCase {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  async execute(scope: AccountScope, name: string): Promise<ApiKeyView> {
    const generated = generateApiKey();
    const stored = await this.apiKeys.create(scope, {
      name,
      prefix: generated.prefix,
      last_four: generated.lastFour,
      key_hash: generated.hash,
    });
    return { ...stored, key: generated.key };
  }
}
