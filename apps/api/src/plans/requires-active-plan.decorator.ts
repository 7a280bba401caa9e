import { SetMetadata } from '@nestjs/common';
import type { GatedAction } from '@quayside/domain';

export const REQUIRED_PLAN_ACTION = 'quayside:required-plan-action';

/**
 * The route needs a running trial or a paid plan (docs/plans.md): reading or exporting
 * tracking data, and webhooks. A free or expired-trial account gets 403 naming its plan.
 */
export const RequiresActivePlan = (action: GatedAction): MethodDecorator & ClassDecorator => SetMetadata(REQUIRED_PLAN_ACTION, action);
