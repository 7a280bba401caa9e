import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AccountRepository } from '@quayside/data-access';
import type { JsonApiDocument } from '@quayside/json-api';
import { JsonApiBody } from '../common/json-api-body.pipe';
import type { JsonApiInput } from '../common/json-api-body.pipe';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { ERROR_DOCUMENT, requestDocument } from '../openapi/json-api-schemas';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { singleDocument } from '../openapi/json-api-schemas';
import { ACCOUNT_TYPE } from './account.resource';
import { AuthenticationCache } from '../auth/authentication-cache';
import { ACCOUNT_SCHEMA } from './account.schema';
import { ACCOUNT_EXAMPLE, UPDATE_ACCOUNT_BODY_EXAMPLE, UPDATED_ACCOUNT_EXAMPLE } from './account.examples';
import { UpdateAccountAttributes } from './dto/update-account.dto';

@ApiTags('Account')
@ApiExtraModels(UpdateAccountAttributes)
@Controller('account')
export class AccountsController {
  constructor(
    private readonly presenter: JsonApiPresenter,
    private readonly accounts: AccountRepository,
    private readonly authentication: AuthenticationCache,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'The account of the API key',
    description:
      'Plan, trial end, enabled features, settings and `inbound_email_address`, where forwarded documents become email submissions.',
  })
  @ApiOkResponse({ schema: singleDocument(ACCOUNT_SCHEMA), example: ACCOUNT_EXAMPLE })
  async current(@CurrentAccount() account: AccountContext): Promise<JsonApiDocument> {
    return this.presenter.one(ACCOUNT_TYPE, account.account, account);
  }

  @Patch()
  @ApiOperation({
    summary: "Change the account's settings",
    description: '`documents_create_tracking_requests` (docs/documents.md "Extraction").',
  })
  @ApiBody({ schema: requestDocument('account', '#/components/schemas/UpdateAccountAttributes'), examples: UPDATE_ACCOUNT_BODY_EXAMPLE })
  @ApiOkResponse({ description: 'The account as changed.', schema: singleDocument(ACCOUNT_SCHEMA), example: UPDATED_ACCOUNT_EXAMPLE })
  @ApiResponse({ status: 422, description: 'An attribute is not a setting or has the wrong type.', schema: ERROR_DOCUMENT })
  async update(
    @CurrentAccount() account: AccountContext,
    @Body(new JsonApiBody(ACCOUNT_TYPE, UpdateAccountAttributes)) body: JsonApiInput<UpdateAccountAttributes>,
  ): Promise<JsonApiDocument> {
    const settings =
      body.attributes.documents_create_tracking_requests === undefined
        ? {}
        : { documents_create_tracking_requests: body.attributes.documents_create_tracking_requests };
    const updated = await this.accounts.updateSettings(account.accountId, settings);
    // Every api process remembers the account with its keys: the new settings apply to the next request.
    await this.authentication.forgetAccount(account.accountId);
    return this.presenter.one(ACCOUNT_TYPE, updated, account);
  }
}
