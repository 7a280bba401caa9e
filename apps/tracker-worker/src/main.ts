import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigValidationError, loadConfig } from '@quayside/platform';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { TrackerWorkerConfig } from './config/tracker-worker.config';

async function main(): Promise<void> {
  // The one place the tracker-worker reads its environment.
  const config = loadConfig('tracker-worker', TrackerWorkerConfig, process.env);
  // An application context, not an HTTP server: the same image, another role (Twenty's worker shape).
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigValidationError ? error.message : error);
  process.exit(1);
});
