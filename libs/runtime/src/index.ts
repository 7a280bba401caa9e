export { RuntimeModule } from './runtime.module';
export type { RuntimeOptions } from './runtime.module';
