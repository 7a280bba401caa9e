import type { ContainerEntity } from '@quayside/data-access';
import { containerVisibilityFor } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

/**
 * A container as serialized. `transport_event_ids` and `raw_event_ids` fill the to-many
 * linkages and `pickup_facility_id` the pickup facility (each left out when a loader did not
 * fill it). `rail_lfd_visible` says whether the account has `rail_lfd`: false
 * hides the rail last free day (and its deprecated twin `ind_facility_lfd_on`); when unset the
 * stored value is shown, which the tracker writes only for accounts with the feature.
 */
export type ContainerView = ContainerEntity & {
  transport_event_ids?: readonly string[];
  raw_event_ids?: readonly string[];
  pickup_facility_id?: string | null;
  rail_lfd_visible?: boolean;
  data_stale?: boolean;
};

export function toContainerView<T extends ContainerEntity>(container: T, account: AccountContext): T & { rail_lfd_visible: boolean } {
  return Object.assign(container, { rail_lfd_visible: containerVisibilityFor(account.account.features).railLfd });
}
