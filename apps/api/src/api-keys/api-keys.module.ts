import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { ApiKeyRepository } from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import { apiKeyResource } from './api-key.resource';
import { ApiKeysController } from './api-keys.controller';
import { CreateApiKeyUseCase } from './create-api-key.use-case';
import { DeleteApiKeyUseCase } from './delete-api-key.use-case';

@Module({
  controllers: [ApiKeysController],
  providers: [ApiKeyRepository, CreateApiKeyUseCase, DeleteApiKeyUseCase],
})
export class ApiKeysModule implements OnModuleInit {
  constructor(private readonly registry: ResourceRegistry<AccountContext>) {}

  onModuleInit(): void {
    this.registry.register(apiKeyResource);
  }
}
