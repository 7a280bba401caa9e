import { Module } from '@nestjs/common';
import { ApiKeyRepository } from '@quayside/data-access';
import { ApiKeyAuthGuard } from './api-key-auth.guard';
import { ApiKeyAuthenticator } from './api-key-authenticator.service';
import { AuthenticationCache } from './authentication-cache';

@Module({
  providers: [ApiKeyRepository, AuthenticationCache, ApiKeyAuthenticator, ApiKeyAuthGuard],
  exports: [ApiKeyRepository, AuthenticationCache, ApiKeyAuthenticator, ApiKeyAuthGuard],
})
export class AuthModule {}
