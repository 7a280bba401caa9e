export { RuntimeModule } from './runtime.module';
export type { RuntimeOptions } from './runtime.module';
import compiledNodeFlags from './compiled-node-flags.json';

/**
 * Node flags of a compiled app (docs/architecture.md, "Memory"): 2 MB young-generation
 * semi-spaces and a slower-growing old generation. `npm run start:prod` (tools/start.js), the
 * image's entrypoint, the bench and the e2e tests run the apps with these.
 */
export const COMPILED_NODE_FLAGS: readonly string[] = compiledNodeFlags;
