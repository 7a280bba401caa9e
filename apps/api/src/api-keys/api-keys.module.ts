import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { ResourceRegistry } from '@quayside/json-api';
import { AuthModule } from '../auth/auth.module';
import type { AccountContext } from '../tenancy/account-context';
import { apiKeyResource } from './api-key.resource';
import { ApiKeysController } from './api-keys.controller';
import { CreateApiKeyUseCase } from './create-api-key.use-case';
import { DeleteApiKeyUseCase } from './delete-api-key.use-case';

@Module({
  imports: [AuthModule],
  controllers: [ApiKeysController],
  providers: [CreateApiKeyUseCase, DeleteApiKeyUseCase],
})
export class ApiKeysModule implements OnModuleInit {
  constructor(private readonly registry: ResourceRegistry<AccountContext>) {}

  onModuleInit(): void {
    this.registry.register(apiKeyResource);
  }
}
