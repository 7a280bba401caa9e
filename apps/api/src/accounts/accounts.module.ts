import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { AccountRepository } from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import { AuthModule } from '../auth/auth.module';
import { ApiConfig } from '../config/api.config';
import type { AccountContext } from '../tenancy/account-context';
import { accountResource } from './account.resource';
import { AccountsController } from './accounts.controller';

@Module({ imports: [AuthModule], controllers: [AccountsController], providers: [AccountRepository] })
export class AccountsModule implements OnModuleInit {
  constructor(
    private readonly registry: ResourceRegistry<AccountContext>,
    private readonly config: ApiConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register(accountResource(this.config.INBOUND_EMAIL_DOMAIN));
  }
}
