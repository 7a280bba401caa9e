import type { DynamicModule } from '@nestjs/common';
import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ResourceRegistry } from '@quayside/json-api';
import { AccountsModule } from './accounts/accounts.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { ApiKeyAuthGuard } from './auth/api-key-auth.guard';
import { AuthModule } from './auth/auth.module';
import { AUTH_CACHE_TTL_SECONDS } from './auth/authentication-cache';
import { EntitlementsGuard } from './plans/entitlements.guard';
import { PlansModule } from './plans/plans.module';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import type { RateLimitOptions } from './rate-limit/rate-limit-options';
import type { AccountContext } from './tenancy/account-context';
import { StorableInputGuard } from './common/input/storable-input.guard';
import { JsonApiContentTypeGuard } from './common/json-api-content-type.guard';
import { JsonApiExceptionFilter } from './common/json-api-exception.filter';
import { PUBLIC_BASE_URL } from './common/json-api-options';
import { JsonApiPresenter } from './common/json-api-presenter.service';

export interface ApiPlatformOptions {
  publicBaseUrl: string;
  authCacheTtlSeconds: number;
  rateLimit: RateLimitOptions;
}

/**
 * What every /v2 endpoint relies on. Global guards run in the order listed: authentication
 * (401) resolves the account, then its rate-limit bucket is counted (429), then plan and
 * feature checks (403), then the input's storability (400/422) and the JSON:API content type.
 * There are no global interceptors (each cost every request an Observable pipeline). The filter renders every failure as JSON:API. Global, so feature
 * modules inject `JsonApiPresenter`, `ResourceRegistry` and `EntitlementsService` directly.
 */
@Global()
@Module({})
export class ApiPlatformModule {
  static forRoot(options: ApiPlatformOptions): DynamicModule {
    return {
      module: ApiPlatformModule,
      imports: [AuthModule, RateLimitModule.forRoot(options.rateLimit), PlansModule, ApiKeysModule, AccountsModule],
      providers: [
        { provide: ResourceRegistry, useFactory: () => new ResourceRegistry<AccountContext>() },
        { provide: PUBLIC_BASE_URL, useValue: options.publicBaseUrl },
        { provide: AUTH_CACHE_TTL_SECONDS, useValue: options.authCacheTtlSeconds },
        JsonApiPresenter,
        { provide: APP_FILTER, useClass: JsonApiExceptionFilter },
        { provide: APP_GUARD, useExisting: ApiKeyAuthGuard },
        { provide: APP_GUARD, useExisting: RateLimitGuard },
        { provide: APP_GUARD, useExisting: EntitlementsGuard },
        { provide: APP_GUARD, useClass: StorableInputGuard },
        { provide: APP_GUARD, useClass: JsonApiContentTypeGuard },
      ],
      exports: [ResourceRegistry, JsonApiPresenter, PlansModule, AuthModule, AUTH_CACHE_TTL_SECONDS, PUBLIC_BASE_URL],
    };
  }
}
