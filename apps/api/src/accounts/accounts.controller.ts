import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { JsonApiDocument } from '@quayside/json-api';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { singleDocument } from '../openapi/json-api-schemas';
import { ACCOUNT_TYPE } from './account.resource';
import { ACCOUNT_SCHEMA } from './account.schema';

@ApiTags('Account')
@Controller('account')
export class AccountsController {
  constructor(private readonly presenter: JsonApiPresenter) {}

  @Get()
  @ApiOperation({ summary: 'The account of the API key', description: 'Plan, trial end, enabled features and `inbound_email_address`, where forwarded documents become email submissions.' })
  @ApiOkResponse({ schema: singleDocument(ACCOUNT_SCHEMA) })
  async current(@CurrentAccount() account: AccountContext): Promise<JsonApiDocument> {
    return this.presenter.one(ACCOUNT_TYPE, account.account, account);
  }
}
