import { SetMetadata } from '@nestjs/common';
import type { AccountFeature } from '@quayside/domain';

export const REQUIRED_FEATURE = 'quayside:required-feature';

/** The route needs the account to be enabled for `feature`; otherwise 403 naming it. */
export const RequiresFeature = (feature: AccountFeature): MethodDecorator & ClassDecorator => SetMetadata(REQUIRED_FEATURE, feature);
