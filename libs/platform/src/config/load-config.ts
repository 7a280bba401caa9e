import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import type { ValidationError } from 'class-validator';
import { validateSync } from 'class-validator';
import { ConfigValidationError } from './config-validation.error';

function describe(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const name = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => `${name}: ${message}`);
    return [...own, ...describe(error.children ?? [], name)];
  });
}

/**
 * Builds an app's configuration from the environment once, at boot. Unknown variables
 * are ignored; every bad or missing one is named so an operator can fix it in one go.
 */
export function loadConfig<T extends object>(appName: string, configClass: new () => T, env: Record<string, string | undefined>): T {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const config = plainToInstance(configClass, defined, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: true, forbidUnknownValues: true });
  if (errors.length > 0) throw new ConfigValidationError(appName, describe(errors));
  return config;
}
