export const PLANS = ['free', 'trial', 'paid'] as const;
export type Plan = (typeof PLANS)[number];

/** Features an account must have enabled (docs/plans.md). */
export const ACCOUNT_FEATURES = ['routing', 'rail_lfd', 'container_refresh', 'map_widget'] as const;
export type AccountFeature = (typeof ACCOUNT_FEATURES)[number];
