import { WorkerAppConfig } from '@quayside/platform';

/** Everything the webhook-dispatcher process reads from its environment, validated once at boot. */
export class WebhookDispatcherConfig extends WorkerAppConfig {}
