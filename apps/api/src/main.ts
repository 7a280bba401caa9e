import 'reflect-metadata';
import { ConfigValidationError, loadConfig } from '@quayside/platform';
import { createApiApp } from './bootstrap/create-api-app';
import { ApiConfig } from './config/api.config';

async function main(): Promise<void> {
  // The one place the api reads its environment.
  const config = loadConfig('api', ApiConfig, process.env);
  const app = await createApiApp(config);
  await app.listen(config.PORT, config.HOST);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigValidationError ? error.message : error);
  process.exit(1);
});
