import { WorkerAppConfig } from '@quayside/platform';

/** Everything the tracker-worker process reads from its environment, validated once at boot. */
export class TrackerWorkerConfig extends WorkerAppConfig {}
