import { Module } from '@nestjs/common';
import { ApiKeyRepository } from '@quayside/data-access';
import { ApiKeyAuthGuard } from './api-key-auth.guard';
import { ApiKeyAuthenticator } from './api-key-authenticator.service';

@Module({
  providers: [ApiKeyRepository, ApiKeyAuthenticator, ApiKeyAuthGuard],
  exports: [ApiKeyRepository, ApiKeyAuthenticator, ApiKeyAuthGuard],
})
export class AuthModule {}
