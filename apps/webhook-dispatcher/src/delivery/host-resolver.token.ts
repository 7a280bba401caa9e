/** DNS used when connecting to receivers; tests provide one that changes its answers. */
export const WEBHOOK_HOST_RESOLVER = Symbol('WEBHOOK_HOST_RESOLVER');
