export { RuntimeModule } from './runtime.module';
export type { RuntimeOptions } from './runtime.module';
import flagsByApp from './compiled-node-flags.json';

const FLAGS: Readonly<Record<string, readonly string[] | undefined>> & { default: readonly string[] } = flagsByApp;

/**
 * Node flags of a compiled app or CLI (docs/architecture.md, "Memory"): young-generation
 * semi-spaces of 8 MB for the api and the webhook-dispatcher, which allocate most per request
 * or delivery (at 2 MB the collector took a fifth of their CPU), 2 MB elsewhere (the
 * tracker-worker's peak under load sits closest to 200 MB), and a slower-growing old
 * generation. `npm run start:prod` (tools/start.js), the image's entrypoint, the bench and the
 * e2e tests run the apps with these.
 */
export function compiledNodeFlags(app: string): readonly string[] {
  return FLAGS[app] ?? FLAGS.default;
}
