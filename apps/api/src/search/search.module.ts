import { Module } from '@nestjs/common';
import { SearchRepository } from '@quayside/data-access';
import { SearchController } from './search.controller';

/** `GET /v2/search` over the account's shipments, containers and tracking requests. */
@Module({
  controllers: [SearchController],
  providers: [SearchRepository],
})
export class SearchModule {}
