import type { SourceHealthView } from '@quayside/data-access';
import { sourceErrorRate, sourceStatus } from '@quayside/domain';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const SOURCE_TYPE = 'source';

/**
 * A source this server asks (a Quayside extension, docs/carriers.md "Source health"): its id is
 * `<kind>-<code>` (`carrier-MAEU`). Accounts see how it answers, never the operator's error
 * details (they may name hosts and credentials' fate); those are on `/operator/sources`.
 */
export const sourceResource: ResourceDefinition<SourceHealthView, AccountContext> = {
  type: SOURCE_TYPE,
  id: (view) => `${view.kind}-${view.code}`,
  attributes: (view) => ({
    kind: view.kind,
    code: view.code,
    adapter: view.source.adapter,
    sandbox: view.source.sandbox,
    experimental: view.source.experimental,
    status: sourceStatus(view),
    last_success_at: view.lastSuccessAt?.toISOString() ?? null,
    last_error_at: view.lastErrorAt?.toISOString() ?? null,
    last_error_class: view.lastErrorClass,
    failing_since: view.failingSince?.toISOString() ?? null,
    calls_last_hour: view.recentCalls,
    error_rate_last_hour: sourceErrorRate(view),
    oldest_data_at: view.oldestDataAt?.toISOString() ?? null,
    quota:
      view.quota === null
        ? null
        : {
            requests_last_minute: view.quota.requestsInWindow,
            requests_per_minute: view.quota.requestsPerWindow,
            in_flight: view.quota.inFlight,
            max_concurrency: view.quota.maxConcurrency,
            paused_until: view.quota.pausedUntil?.toISOString() ?? null,
            read_at: view.quota.readAt.toISOString(),
          },
  }),
};
