import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { ConfigValidationError } from '../config/config-validation.error';
import { loadConfig } from '../config/load-config';

/**
 * Starts a worker: its configuration validated once from the environment it is given, then an
 * application context (no HTTP server; the same image, another role). A bad configuration ends
 * the process with exit code 1 and the names of the bad variables.
 */
export function startWorker<C extends object>(
  appName: string,
  configClass: new () => C,
  appModule: (config: C) => DynamicModule,
  env: Record<string, string | undefined>,
): void {
  const start = async (): Promise<void> => {
    const config = loadConfig(appName, configClass, env);
    const app = await NestFactory.createApplicationContext(appModule(config), { bufferLogs: true });
    app.useLogger(app.get(Logger));
    app.enableShutdownHooks();
    await app.init();
  };
  start().catch((error: unknown) => {
    // The logger may not exist yet (bad configuration), so this goes straight to stderr.
    process.stderr.write(
      `${error instanceof ConfigValidationError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
