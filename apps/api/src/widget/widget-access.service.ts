import { Injectable } from '@nestjs/common';
import { WidgetKeyRepository } from '@quayside/data-access';
import type { WidgetKey } from '@quayside/data-access';
import { DomainError, unauthorized } from '@quayside/domain';
import { EntitlementsService } from '../plans/entitlements.service';
import type { AccountContext } from '../tenancy/account-context';
import { isAllowedOrigin } from './allowed-origins';

export interface WidgetCaller {
  account: AccountContext;
  widgetKey: WidgetKey;
}

/**
 * Who a widget request acts for: the account of its publishable key, when that account has the
 * `map_widget` feature and a plan that reads tracking data, and when the browser's Origin (if it
 * sent one from another site) is one the key allows. Read-only by construction: the widget
 * routes only read.
 */
@Injectable()
export class WidgetAccessService {
  constructor(
    private readonly keys: WidgetKeyRepository,
    private readonly entitlements: EntitlementsService,
  ) {}

  async resolve(key: unknown, origin: string | undefined, selfOrigin: string): Promise<WidgetCaller> {
    const found = typeof key === 'string' ? await this.keys.findByKey(key) : null;
    if (!found) throw unauthorized('The widget key is missing or not valid: pass the publishable key (qs_pk_...) as `key`.');
    const account: AccountContext = { accountId: found.account.id, account: found.account, apiKeyId: `widget:${found.widgetKey.id}` };
    this.entitlements.assertFeature(account, 'map_widget');
    this.entitlements.assertActivePlan(account, 'reading tracking data');
    if (origin !== undefined && origin !== selfOrigin && !isAllowedOrigin(origin, found.widgetKey.allowed_origins)) {
      throw new DomainError('forbidden', {
        title: 'Forbidden',
        code: 'origin_not_allowed',
        detail: `This widget key is not allowed on ${origin}; add the origin to the key's allowed_origins.`,
      });
    }
    return { account, widgetKey: found.widgetKey };
  }
}
