export { RuntimeModule } from './runtime.module';
import flagsByApp from './compiled-node-flags.json';

const FLAGS: Readonly<Record<string, readonly string[] | undefined>> & { default: readonly string[] } = flagsByApp;

/**
 * Node flags of a compiled app or CLI (docs/architecture.md, "Memory"): young-generation
 * semi-spaces of 8 MB for the workers and 16 MB for the api, which allocate a lot per request,
 * delivery or refresh (at 2 MB the collector took a fifth of the api's and the dispatcher's CPU,
 * a sixth of the tracker-worker's; the api's 176 KB `?include` documents cost a tenth less CPU at
 * 16 MB than at 8), 2 MB for the command-line tools, and a slower-growing old generation. `npm run start:prod` (tools/start.js), the image's entrypoint, the bench and the
 * e2e tests run the apps with these.
 */
export function compiledNodeFlags(app: string): readonly string[] {
  return FLAGS[app] ?? FLAGS.default;
}
