export { RuntimeModule } from './runtime.module';
export type { RuntimeOptions } from './runtime.module';
import flagsByApp from './compiled-node-flags.json';

/**
 * Node flags of a compiled app or CLI (docs/architecture.md, "Memory"): small young-generation
 * semi-spaces (2 MB; 8 MB for the api, whose JSON:API documents make it the one process where
 * the collector's share of the CPU is worth more than 5 MB of idle memory) and a slower-growing
 * old generation. `npm run start:prod` (tools/start.js), the image's entrypoint, the bench and
 * the e2e tests run the apps with these.
 */
export function compiledNodeFlags(app: string): readonly string[] {
  return app === 'api' ? flagsByApp.api : flagsByApp.default;
}
